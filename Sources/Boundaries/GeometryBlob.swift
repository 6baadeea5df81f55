/// Decodes the gazetteer's boundary encoding: varint polygon count, then per polygon a varint
/// ring count, then per ring a varint point count and zig-zag varint deltas of x = lon × 10⁵,
/// y = lat × 10⁵ (each ring starting from 0,0; the closing point not repeated). See
/// `Tools/gazetteer/README.md`.
///
/// ```swift
/// let polygons = try GeometryBlob.decode(bytes)   // [[ring]] with ring = [(x, y)]
/// ```
public enum GeometryBlob {
    public struct DecodingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Polygons, each a list of rings (exterior first), each a list of quantised points.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> [[[SIMD2<Int32>]]] {
        var at = 0
        func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard at < bytes.count else { throw DecodingError(description: "geometry ends inside a varint") }
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
                guard shift < 64 else { throw DecodingError(description: "varint longer than 64 bits") }
            }
        }
        func zigzag() throws -> Int64 {
            let v = try varint()
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        }
        func count(_ what: String, max: UInt64) throws -> Int {
            let n = try varint()
            guard n <= max else { throw DecodingError(description: "\(what) count \(n) is implausible") }
            return Int(n)
        }

        var polygons: [[[SIMD2<Int32>]]] = []
        for _ in 0..<(try count("polygon", max: 1_000_000)) {
            var rings: [[SIMD2<Int32>]] = []
            for _ in 0..<(try count("ring", max: 1_000_000)) {
                let n = try count("point", max: UInt64(bytes.count))
                guard n >= 3 else { throw DecodingError(description: "ring with \(n) points") }
                var ring: [SIMD2<Int32>] = []
                ring.reserveCapacity(n)
                var x: Int64 = 0, y: Int64 = 0
                for _ in 0..<n {
                    x += try zigzag()
                    y += try zigzag()
                    guard abs(x) <= 18_000_000, abs(y) <= 9_000_000 else {
                        throw DecodingError(description: "point \(x), \(y) outside the world")
                    }
                    ring.append(SIMD2(Int32(x), Int32(y)))
                }
                rings.append(ring)
            }
            polygons.append(rings)
        }
        guard at == bytes.count else { throw DecodingError(description: "\(bytes.count - at) bytes after the last polygon") }
        return polygons
    }
}
