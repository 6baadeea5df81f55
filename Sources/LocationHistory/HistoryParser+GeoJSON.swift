/// GeoJSON `FeatureCollection`s of timed `Point` features, as Dawarich, GPSLogger and others
/// export: `geometry.coordinates` `[lon, lat, elevation?]`, and in `properties` the time as
/// `timestamp`, `time` or `date` (epoch seconds or milliseconds, told apart by magnitude, or ISO
/// 8601), `accuracy` (m), `speed` (m/s), `altitude` or `elevation` (m).
///
/// ```json
/// {"type": "FeatureCollection", "features": [{"type": "Feature",
///   "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]},
///   "properties": {"timestamp": 1714550400, "accuracy": 10}}]}
/// ```
///
/// Features of another geometry, or without a time, are skipped and counted.
extension HistoryParser {
    func readFeatures() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else {
                summary.skipped += 1
                continue
            }
            var isPoint = false
            var coordinates: [Double] = []
            var instant: Int64?, accuracy: Double?, speed: Double?, elevation: Double?
            while try s.nextKey() {
                switch s.key {
                case "geometry":
                    guard try s.enterObject() else { break }
                    while try s.nextKey() {
                        switch s.key {
                        case "type":
                            if let type = try s.readText(), case "Point" = type { isPoint = true }
                        case "coordinates":
                            guard try s.enterArray() else { break }
                            while try s.nextElement() {
                                // Numbers in arrays of arrays (a LineString's) are skipped, not read.
                                guard coordinates.count < 3, let c = try s.peek(), c == 0x2D || (c >= 0x30 && c <= 0x39) else {
                                    try s.skipValue()
                                    continue
                                }
                                if let v = try s.readDouble() { coordinates.append(v) }
                            }
                        default: try s.skipValue()
                        }
                    }
                case "properties":
                    guard try s.enterObject() else { break }
                    while try s.nextKey() {
                        switch s.key {
                        case "timestamp", "time", "date": instant = try readInstant(.byMagnitude)
                        case "accuracy": accuracy = try s.readDouble()
                        case "speed": speed = try s.readDouble()
                        case "altitude", "elevation": elevation = try s.readDouble()
                        default: try s.skipValue()
                        }
                    }
                default: try s.skipValue()
                }
            }
            guard isPoint, coordinates.count >= 2 else {
                summary.skipped += 1
                continue
            }
            emitPoint(instant: instant, position: HistoryPosition(latitude: coordinates[1], longitude: coordinates[0]),
                      accuracy: accuracy, speed: speed, elevation: coordinates.count > 2 ? coordinates[2] : elevation)
        }
    }
}
