import CExif
import Dispatch
import Synchronization
import Testing
@testable import PhotoMetadata

@Suite struct ExifArenaTests {
    private func bytes(_ p: UnsafeMutableRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: p, count: count))
    }

    @Test func allocationsAreZeroedAlignedAndRewoundAfterEachDecode() throws {
        try ExifArena.withMemory { mem in
            let p = try #require(exif_mem_alloc(mem, 40))
            #expect(Int(bitPattern: p) % 16 == 0)
            #expect(bytes(p, 40).allSatisfy { $0 == 0 })
            p.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 40)
            // Growing keeps the old bytes and zeroes the new ones, like realloc after calloc.
            let q = try #require(exif_mem_realloc(mem, p, 400))
            #expect(bytes(q, 40).allSatisfy { $0 == 0xAB })
            #expect(bytes(q + 40, 360).allSatisfy { $0 == 0 })
            q.initializeMemory(as: UInt8.self, repeating: 0xCD, count: 400)
            exif_mem_free(mem, q)
        }
        // The next decode gets the same block back, zeroed.
        try ExifArena.withMemory { mem in
            let p = try #require(exif_mem_alloc(mem, 400))
            #expect(bytes(p, 400).allSatisfy { $0 == 0 })
        }
    }

    @Test func whatDoesNotFitComesFromTheHeap() throws {
        try ExifArena.withMemory { mem in
            let size = ExifArena.capacity + 1
            let big = try #require(exif_mem_alloc(mem, ExifLong(size)))
            #expect(bytes(big, size).allSatisfy { $0 == 0 })
            big.storeBytes(of: 7, toByteOffset: size - 1, as: UInt8.self)
            let bigger = try #require(exif_mem_realloc(mem, big, ExifLong(2 * size)))
            #expect(bigger.load(fromByteOffset: size - 1, as: UInt8.self) == 7)
            exif_mem_free(mem, bigger)
            // The block itself is still usable after the fallback.
            let small = try #require(exif_mem_alloc(mem, 16))
            #expect(bytes(small, 16).allSatisfy { $0 == 0 })
        }
    }

    @Test func decodesOnManyThreadsAtOnceAgreeWithOneThread() throws {
        let photos = [
            ExifFixture(latitude: 35.6762, longitude: 139.6503).jpeg(),
            ExifFixture(latitude: 33.8688, longitude: 151.2093, latitudeRef: "S").jpeg(),
        ]
        let expected = try photos.map { try MetadataReader().read(bytes: $0).position }
        #expect(expected.allSatisfy { $0 != nil })
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<200 {
                let which = (thread + i) % photos.count
                if (try? MetadataReader().read(bytes: photos[which]).position) != expected[which] {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
