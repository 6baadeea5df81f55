/// Reads back what ``ArchiveWriter`` wrote, in the same order, checking every count against
/// the bytes left: damaged bytes give an ``ArchiveError``, never a read out of bounds.
///
/// ```swift
/// var reader = ArchiveReader(bytes)
/// let xs = try reader.array(of: Int32.self)
/// let names = try reader.strings()
/// ```
///
/// A value that one thread reads; the bytes must outlive it, and `owner` keeps them for the
/// columns read in place.
public struct ArchiveReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private let owner: AnyObject?

    /// With an `owner` that keeps `bytes` valid (a file's mapping), ``column(of:)`` views the
    /// bytes in place; without, it copies them. `bytes` must start at a multiple of 8 bytes.
    public init(_ bytes: UnsafeRawBufferPointer, owner: AnyObject? = nil) {
        precondition(Int(bitPattern: bytes.baseAddress) % 8 == 0, "archive bytes must be 8-byte aligned")
        (self.bytes, self.owner) = (bytes, owner)
    }

    /// Reads `bytes` (an archive in memory, ``ArchiveWriter/bytes``) from a copy aligned as a
    /// mapped file is; the columns read are copies.
    public static func reading<T>(_ bytes: [UInt8], _ body: (inout ArchiveReader) throws -> T) rethrows -> T {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        words.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
        return try words.withUnsafeBytes { raw in
            var reader = ArchiveReader(UnsafeRawBufferPointer(rebasing: raw[0..<bytes.count]))
            return try body(&reader)
        }
    }

    /// Whether `starts`, the starts of runs in an array of `count` values (a band's edges, a
    /// strip's points, a row's fragments), never go back and lie within `0...count`: what every
    /// such table is checked for before a query slices the array with them.
    public static func startsRunForward(_ starts: [Int32], within count: Int) -> Bool {
        var previous: Int32 = 0
        for start in starts {
            guard start >= previous else { return false }
            previous = start
        }
        return Int(previous) <= count
    }

    /// Whether every byte has been read: a reader that stops short read another layout.
    public var isAtEnd: Bool { offset == bytes.count }

    /// An array `ArchiveWriter.append(_:)` wrote (see there for what `T` may be).
    public mutating func array<T: BitwiseCopyable>(of type: T.Type = T.self) throws(ArchiveError) -> [T] {
        let (start, count) = try values(of: T.self)
        return [T](unsafeUninitializedCapacity: count) { out, initialized in
            if let start, count > 0 { UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: start, byteCount: count * MemoryLayout<T>.stride) }
            initialized = count
        }
    }

    /// What `ArchiveWriter.append(_:)` wrote, viewed in place when the reader has an owner.
    public mutating func column<T: BitwiseCopyable>(of type: T.Type = T.self) throws(ArchiveError) -> Column<T> {
        guard let owner else { return Column(try array(of: T.self)) }
        let (start, count) = try values(of: T.self)
        return Column(base: start.map { UnsafePointer($0.assumingMemoryBound(to: T.self)) }, count: count, owner: owner)
    }

    /// Where an array's values start (past the padding to 8 bytes) and how many there are.
    private mutating func values<T: BitwiseCopyable>(of type: T.Type) throws(ArchiveError) -> (UnsafeRawPointer?, Int) {
        let count = try int()
        let padding = (8 - offset % 8) % 8
        let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard count >= 0, !overflow, padding + size <= bytes.count - offset else {
            throw ArchiveError(offset: offset, reason: "an array of \(count) values runs past the end")
        }
        guard MemoryLayout<T>.alignment <= 8 else { throw ArchiveError(offset: offset, reason: "values aligned to more than 8 bytes") }
        offset += padding
        defer { offset += size }
        return (bytes.baseAddress.map { $0 + offset }, count)
    }

    public mutating func int() throws(ArchiveError) -> Int {
        guard let value = Int(exactly: Int64(littleEndian: try word())) else { throw ArchiveError(offset: offset - 8, reason: "a number out of range") }
        return value
    }

    public mutating func double() throws(ArchiveError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(littleEndian: try word())))
    }

    public mutating func string() throws(ArchiveError) -> String {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw ArchiveError(offset: offset, reason: "a string of \(count) bytes runs past the end") }
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    public mutating func strings() throws(ArchiveError) -> [String] {
        let count = try self.count(each: 8)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try string()) }
        return strings
    }

    public mutating func optionalStrings() throws(ArchiveError) -> [String?] {
        let count = try self.count(each: 1)
        var strings: [String?] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            guard offset < bytes.count else { throw ArchiveError(offset: offset, reason: "the strings run past the end") }
            offset += 1
            switch bytes[offset - 1] {
            case 0: strings.append(nil)
            case 1: strings.append(try string())
            default: throw ArchiveError(offset: offset - 1, reason: "a flag that is neither 0 nor 1")
            }
        }
        return strings
    }

    /// A count of items that take at least `each` bytes: one the bytes left could not hold is
    /// damage, caught before anything is reserved for it.
    private mutating func count(each: Int) throws(ArchiveError) -> Int {
        let count = try int()
        guard count >= 0, count <= (bytes.count - offset) / each else { throw ArchiveError(offset: offset, reason: "\(count) items run past the end") }
        return count
    }

    private mutating func word() throws(ArchiveError) -> Int64 {
        guard bytes.count - offset >= 8 else { throw ArchiveError(offset: offset, reason: "the bytes end in the middle of a number") }
        defer { offset += 8 }
        return bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)
    }
}

/// Bytes that are not what ``ArchiveWriter`` wrote: where reading stopped and why.
public struct ArchiveError: Error, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "at byte \(offset): \(reason)" }
}
