/// Google Takeout's `Records.json`: `{"locations": [{latitudeE7, longitudeE7, accuracy,
/// timestamp | timestampMs, velocity, altitude, source, activity, …}]}`, every record a point.
/// The hot loop of a multi-gigabyte file: one key comparison by length and bytes per member,
/// E7 integers straight from their digits, ISO times by ``ISOInstant``, `activity` arrays skipped.
///
/// ```json
/// {"locations": [{"latitudeE7": 488566000, "longitudeE7": 23522000, "accuracy": 12,
///                 "source": "WIFI", "timestamp": "2019-05-01T10:00:00.123Z"}]}
/// ```
///
/// `velocity` is m/s, `altitude` metres; a record without both coordinates or a time is skipped.
extension HistoryParser {
    func readRecords() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else {
                summary.skipped += 1
                continue
            }
            var latE7: Int64?, lngE7: Int64?, instant: Int64?
            var accuracy: Double?, speed: Double?, altitude: Double?
            while try s.nextKey() {
                switch s.key {
                case "latitudeE7": latE7 = try s.readInteger()
                case "longitudeE7": lngE7 = try s.readInteger()
                case "timestamp", "timestampMs": instant = try readInstant(.milliseconds)
                case "accuracy": accuracy = try s.readDouble()
                case "velocity": speed = try s.readDouble()
                case "altitude": altitude = try s.readDouble()
                default: try s.skipValue()
                }
            }
            emitPoint(instant: instant, position: Self.position(latitudeE7: latE7, longitudeE7: lngE7),
                      accuracy: accuracy, speed: speed, elevation: altitude)
        }
    }
}
