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
                        try reader.advance(&x, within: 18_000_000)
                        try reader.advance(&y, within: 9_000_000)
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

extension GeometryBlob {
    /// Appends every ring of the blob to `xs`/`ys` closed (its first vertex repeated at its end,
    /// so that edge i is always vertex i to vertex i + 1) and returns the ranges they took.
    static func decodeClosedRings(_ bytes: UnsafeRawBufferPointer, appendingTo xs: inout [Int32], _ ys: inout [Int32]) throws -> [Range<Int>] {
        var rings: [Range<Int>] = []
        try decode(bytes, appendingTo: &xs, &ys) { _, ring, xs, ys in
            xs.append(xs[ring.lowerBound])
            ys.append(ys[ring.lowerBound])
            rings.append(ring.lowerBound..<xs.count)
        }
        return rings
    }

    /// Decodes a list of points (the map shapes' dots): a varint count, then zig-zag varint
    /// deltas of x and y, from 0,0, as in a ring.
    public static func decodePoints(_ bytes: UnsafeRawBufferPointer) throws -> [SIMD2<Int32>] {
        var reader = VarintReader(bytes: bytes)
        let n = try reader.count("point", max: UInt64(bytes.count))
        var points: [SIMD2<Int32>] = []
        points.reserveCapacity(n)
        var x: Int64 = 0, y: Int64 = 0
        for _ in 0..<n {
            try reader.advance(&x, within: 18_000_000)
            try reader.advance(&y, within: 9_000_000)
            points.append(SIMD2(Int32(x), Int32(y)))
        }
        guard reader.offset == bytes.count else { throw DecodingError(description: "\(bytes.count - reader.offset) bytes after the last point") }
        return points
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

    /// Adds the next delta to `coordinate`, which must stay within ±`limit` (the world, in 10⁻⁵°).
    @inline(__always)
    mutating func advance(_ coordinate: inout Int64, within limit: Int64) throws {
        let (sum, overflow) = coordinate.addingReportingOverflow(try zigzag())
        guard !overflow, sum <= limit, sum >= -limit else {
            throw GeometryBlob.DecodingError(description: "coordinate \(overflow ? "overflows" : String(sum)) outside the world")
        }
        coordinate = sum
    }

    mutating func count(_ what: String, max: UInt64) throws -> Int {
        let n = try varint()
        guard n <= max else { throw GeometryBlob.DecodingError(description: "\(what) count \(n) is implausible") }
        return Int(n)
    }
}
