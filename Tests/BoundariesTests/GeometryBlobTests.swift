import Testing
@testable import Boundaries

/// The gazetteer's geometry encoding, read from bytes written here by hand the way
/// `Tools/gazetteer/gazc/encode.py` writes them.
@Suite struct GeometryBlobTests {
    /// LEB128 of the zig-zag of `n`.
    private func varint(_ n: Int64) -> [UInt8] {
        var v = UInt64(bitPattern: (n << 1) ^ (n >> 63)), out: [UInt8] = []
        repeat {
            out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0))
            v >>= 7
        } while v > 0
        return out
    }

    private func decodePoints(_ bytes: [UInt8]) throws -> [SIMD2<Int32>] {
        try bytes.withUnsafeBytes { try GeometryBlob.decodePoints($0) }
    }

    @Test func pointsAreDeltasFromTheOrigin() throws {
        // (12.34567, -45.6) then (-179.99999, 89.99999): deltas from 0,0 then from the first.
        let bytes = [2] + varint(1_234_567) + varint(-4_560_000) + varint(-17_999_999 - 1_234_567) + varint(8_999_999 + 4_560_000)
        #expect(try decodePoints(bytes) == [SIMD2(1_234_567, -4_560_000), SIMD2(-17_999_999, 8_999_999)])
        #expect(try decodePoints([0]) == [])
    }

    @Test func damagedPointsAreRefusedNotTrapped() {
        #expect(throws: GeometryBlob.DecodingError.self) { try decodePoints([]) }                                     // no count
        #expect(throws: GeometryBlob.DecodingError.self) { try decodePoints([1] + varint(5)) }                         // y missing
        #expect(throws: GeometryBlob.DecodingError.self) { try decodePoints([1] + varint(18_000_001) + varint(0)) }    // off the world
        #expect(throws: GeometryBlob.DecodingError.self) { try decodePoints([1] + varint(0) + varint(0) + [7]) }       // trailing byte
        // A delta near Int64.max after a legal coordinate would overflow the sum: refused.
        #expect(throws: GeometryBlob.DecodingError.self) {
            try decodePoints([2] + varint(1_000) + varint(0) + varint(Int64.max - 10) + varint(0))
        }
        #expect(throws: GeometryBlob.DecodingError.self) { try decodePoints([200]) }                                   // count beyond the bytes
    }

    @Test func polygonCoordinatesOverflowingAreRefused() {
        let ring: [UInt8] = [1, 1, 3] + varint(1_000) + varint(0) + varint(Int64.max - 10) + varint(0) + varint(0) + varint(0)
        #expect(throws: GeometryBlob.DecodingError.self) { try ring.withUnsafeBytes { try GeometryBlob.decode($0) } }
    }
}
