import Foundation

extension GPXTrack {
    /// The points as bytes, for storing a track: four little-endian doubles per point (seconds
    /// since 1970, latitude, longitude, elevation or NaN), in time order.
    ///
    /// ```swift
    /// GPXTrack(encoded: track.encoded) == track   // true
    /// ```
    public var encoded: [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(points.count * 32)
        for p in points {
            for value in [p.time.timeIntervalSince1970, p.latitude, p.longitude, p.elevation ?? .nan] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return bytes
    }

    /// The track of ``encoded`` bytes; nil when they are not whole points or hold a position off
    /// the globe (a damaged row).
    public init?(encoded data: [UInt8]) {
        guard data.count % 32 == 0 else { return nil }
        var points: [Point] = []
        points.reserveCapacity(data.count / 32)
        let ok = data.withUnsafeBytes { raw -> Bool in
            func double(_ offset: Int) -> Double { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) }
            for start in stride(from: 0, to: raw.count, by: 32) {
                let (time, lat, lon, ele) = (double(start), double(start + 8), double(start + 16), double(start + 24))
                guard time.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { return false }
                points.append(Point(time: Date(timeIntervalSince1970: time), latitude: lat, longitude: lon, elevation: ele.isNaN ? nil : ele))
            }
            return true
        }
        guard ok else { return nil }
        self.init(points: points)
    }
}
