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
        var polygons: [[[SIMD2<Int32>]]] = []
        var xs: [Int32] = [], ys: [Int32] = []
        try decode(bytes, appendingTo: &xs, &ys) { polygonStart, ring, xs, ys in
            if polygonStart { polygons.append([]) }
            polygons[polygons.count - 1].append(ring.map { SIMD2(xs[$0], ys[$0]) })
        }
        return polygons
    }

    /// Streams the points into flat arrays; `ring(startsPolygon, range, &xs, &ys)` is called after
    /// each ring with the positions its points took (and the arrays, to append to).
    public static func decode(_ bytes: UnsafeRawBufferPointer, appendingTo xs: inout [Int32], _ ys: inout [Int32],
                              ring: (Bool, Range<Int>, inout [Int32], inout [Int32]) throws -> Void) throws {
        var reader = VarintReader(bytes: bytes)
        let polygons = try reader.count("polygon", max: 1_000_000)
        for _ in 0..<polygons {
            let rings = try reader.count("ring", max: 1_000_000)
            for r in 0..<rings {
                let n = try reader.count("point", max: UInt64(bytes.count))
                guard n >= 3 else { throw DecodingError(description: "ring with \(n) points") }
                let start = xs.count
                var x: Int64 = 0, y: Int64 = 0
                // Room for the ring first, then plain stores: an append per point cost more than
                // reading its varints. (n is at most the blob's size, checked above.)
                xs.append(contentsOf: repeatElement(0, count: n))
                ys.append(contentsOf: repeatElement(0, count: n))
                try xs.withUnsafeMutableBufferPointer { xs in try ys.withUnsafeMutableBufferPointer { ys in
                    for k in start..<(start + n) {
                        x += try reader.zigzag()
                        y += try reader.zigzag()
                        guard abs(x) <= 18_000_000, abs(y) <= 9_000_000 else {
                            throw DecodingError(description: "point \(x), \(y) outside the world")
                        }
                        xs[k] = Int32(truncatingIfNeeded: x)
                        ys[k] = Int32(truncatingIfNeeded: y)
                    }
                } }
                try ring(r == 0, start..<xs.count, &xs, &ys)
            }
        }
        guard reader.offset == bytes.count else { throw DecodingError(description: "\(bytes.count - reader.offset) bytes after the last polygon") }
    }
}

/// LEB128 varints from a buffer, bounds-checked.
struct VarintReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    @inline(__always)
    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            if shift >= 64 { throw GeometryBlob.DecodingError(description: "varint longer than 64 bits") }
        }
        throw GeometryBlob.DecodingError(description: "geometry ends inside a varint")
    }

    @inline(__always)
    mutating func zigzag() throws -> Int64 {
        let v = try varint()
        return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
    }

    mutating func count(_ what: String, max: UInt64) throws -> Int {
        let n = try varint()
        guard n <= max else { throw GeometryBlob.DecodingError(description: "\(what) count \(n) is implausible") }
        return Int(n)
    }
}
