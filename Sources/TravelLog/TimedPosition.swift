/// One timed position of a location history as the log keeps it: an instant in milliseconds
/// since 1970 UTC and a position in whole units of 1e-7 degrees (Takeout's E7, the precision
/// of the travel record), sixteen bytes in memory and about six on disk (``encode(_:)``).
///
/// ```swift
/// let p = TimedPosition(instant: 1_714_550_400_000, latitude: 48.8566, longitude: 2.3522)
/// p.latitudeE7   // 488566000
/// let blob = TimedPosition.encode([p]); TimedPosition.decode(blob) == [p]   // true
/// ```
///
/// A value type; `Sendable`.
public struct TimedPosition: Sendable, Equatable, Hashable {
    public var instant: Int64
    public var latitudeE7: Int32
    public var longitudeE7: Int32

    public init(instant: Int64, latitudeE7: Int32, longitudeE7: Int32) {
        (self.instant, self.latitudeE7, self.longitudeE7) = (instant, latitudeE7, longitudeE7)
    }

    /// Nil for a position out of range or not a number.
    public init?(instant: Int64, latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.init(instant: instant, latitudeE7: Int32((latitude * 1e7).rounded()), longitudeE7: Int32((longitude * 1e7).rounded()))
    }

    public var latitude: Double { Double(latitudeE7) / 1e7 }
    public var longitude: Double { Double(longitudeE7) / 1e7 }

    /// Points sorted by instant as bytes: the count, then per point the instant's step from the
    /// one before and the coordinates' steps, as LEB128 varints (the steps of the coordinates
    /// zigzagged). A phone's history moves little from point to point: 5–8 bytes a point.
    public static func encode(_ points: [TimedPosition]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(points.count * 8 + 4)
        func put(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
        put(UInt64(points.count))
        var previous = TimedPosition(instant: 0, latitudeE7: 0, longitudeE7: 0)
        for p in points {
            put(zigzag(p.instant &- previous.instant))
            put(zigzag(Int64(p.latitudeE7) - Int64(previous.latitudeE7)))
            put(zigzag(Int64(p.longitudeE7) - Int64(previous.longitudeE7)))
            previous = p
        }
        return out
    }

    /// The points of ``encode(_:)``'s bytes; nil when the bytes are damaged (cut short, a
    /// varint too long, a count that does not fit, a coordinate out of range).
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> [TimedPosition]? {
        var at = 0
        func get() -> UInt64? {
            var (value, shift) = (UInt64(0), UInt64(0))
            while at < bytes.count, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }
        // Every point takes at least three bytes: a count beyond that is a lie.
        guard let count = get(), count <= UInt64(bytes.count / 3) else { return nil }
        var points: [TimedPosition] = []
        points.reserveCapacity(Int(count))
        var (instant, lat, lon) = (Int64(0), Int64(0), Int64(0))
        for _ in 0..<count {
            guard let dt = get(), let dlat = get(), let dlon = get() else { return nil }
            instant = instant &+ unzigzag(dt)
            lat = lat &+ unzigzag(dlat)
            lon = lon &+ unzigzag(dlon)
            guard abs(lat) <= 900_000_000, abs(lon) <= 1_800_000_000 else { return nil }
            points.append(TimedPosition(instant: instant, latitudeE7: Int32(lat), longitudeE7: Int32(lon)))
        }
        return at == bytes.count ? points : nil
    }

    public static func decode(_ bytes: [UInt8]) -> [TimedPosition]? { bytes.withUnsafeBytes { decode($0) } }
}
