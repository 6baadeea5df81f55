import CExif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for libexif, carved from one block per thread and taken back all at once when a
/// decode is done.
///
/// libexif makes about a hundred small allocations per photo (each entry, its private part,
/// its value, and a realloc of the directory's list for every entry added) and frees them one
/// by one when the data is released. Through glibc's allocator that cost more instructions
/// than the decoding itself. Here an allocation moves a pointer, a free does nothing, and
/// ``withMemory(_:)`` rewinds the block afterwards. What does not fit comes from `calloc`.
///
/// ```swift
/// ExifArena.withMemory { mem in
///     let data = exif_data_new_mem(mem)
///     // load, read the entries
///     exif_data_unref(data)
/// }
/// ```
///
/// One block per thread (behind a pthread key), so decodes on different threads never meet.
/// Not re-entrant: a thread runs one decode at a time.
enum ExifArena {
    /// Far more than the compact blocks ``TIFFDirectories`` hands libexif take (a few KiB).
    static let capacity = 64 * 1024
    /// Each allocation is preceded by its size (for realloc) and origin, and 16-byte aligned
    /// like malloc's.
    private static let header = 16

    private struct Block {
        let base: UnsafeMutableRawPointer
        /// Bytes handed out since the last rewind. Past this, the block is all zeros: libexif
        /// expects calloc's zeroed memory.
        var used: Int
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { block in
            guard let block = block?.assumingMemoryBound(to: Block.self) else { return }
            block.pointee.base.deallocate()
            block.deallocate()
        }
        return key
    }()

    private static var current: UnsafeMutablePointer<Block> {
        if let block = pthread_getspecific(key) { return block.assumingMemoryBound(to: Block.self) }
        let base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: header)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
        let block = UnsafeMutablePointer<Block>.allocate(capacity: 1)
        block.initialize(to: Block(base: base, used: 0))
        pthread_setspecific(key, block)
        return block
    }

    /// Runs `body` with an `ExifMem` that allocates from this thread's block, then rewinds the
    /// block. Everything allocated through it must be released (`exif_data_unref`) by then.
    static func withMemory<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T? {
        let block = current
        defer {
            block.pointee.base.initializeMemory(as: UInt8.self, repeating: 0, count: block.pointee.used)
            block.pointee.used = 0
        }
        guard let mem = exif_mem_new(allocate, reallocate, release) else { return nil }
        defer { exif_mem_unref(mem) }
        return try body(mem)
    }

    /// Where an allocation came from, kept in its header so a free needs no thread lookup.
    private static let fromBlock = 0, fromHeap = 1

    private static func stamp(_ start: UnsafeMutableRawPointer, size: Int, origin: Int) -> UnsafeMutableRawPointer {
        start.storeBytes(of: size, as: Int.self)
        start.storeBytes(of: origin, toByteOffset: 8, as: Int.self)
        return start + header
    }

    private static let allocate: ExifMemAllocFunc = { size in
        let block = ExifArena.current
        let rounded = (Int(size) + ExifArena.header + 15) & ~15
        guard block.pointee.used + rounded <= ExifArena.capacity else {
            guard let start = calloc(Int(size) + ExifArena.header, 1) else { return nil }
            return ExifArena.stamp(start, size: Int(size), origin: ExifArena.fromHeap)
        }
        let start = block.pointee.base + block.pointee.used
        block.pointee.used += rounded
        return ExifArena.stamp(start, size: Int(size), origin: ExifArena.fromBlock)
    }

    private static let reallocate: ExifMemReallocFunc = { pointer, size in
        guard let pointer else { return ExifArena.allocate(size) }
        let old = (pointer - ExifArena.header).load(as: Int.self)
        guard let moved = ExifArena.allocate(size) else { return nil }
        moved.copyMemory(from: pointer, byteCount: min(old, Int(size)))
        ExifArena.release(pointer)
        return moved
    }

    private static let release: ExifMemFreeFunc = { pointer in
        guard let pointer, (pointer - ExifArena.header).load(fromByteOffset: 8, as: Int.self) == ExifArena.fromHeap else { return }
        free(pointer - ExifArena.header)
    }
}
