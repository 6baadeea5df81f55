/// One read of one history: the scanner, the sink, the counts, and the helpers every format
/// shares (positions in their many spellings, instants, validation). The formats' readers are
/// its extensions, one file each (`HistoryParser+Records.swift`, …).
///
/// ```swift
/// let parser = HistoryParser(scanner: JSONScanner(source: .memory(bytes)), sink: { print($0) })
/// let format = try parser.run()   // nil: not a location history
/// ```
///
/// Used once, by one thread.
final class HistoryParser {
    let s: JSONScanner
    private let sink: (HistoryItem) -> Void
    /// Set as soon as the content says which format it is; nil until then.
    var format: HistoryFormat?
    /// The counts; `format` is filled in by the caller.
    var summary = HistoryFileSummary(format: .gpx)
    /// Stop as soon as the format is known (``HistoryReader/format(ofFileAt:)``).
    let detectOnly: Bool
    /// Unrecognised top-level content read before giving up on a document as not a history.
    static let detectionBudget: Int64 = 1 << 20

    init(scanner: JSONScanner, detectOnly: Bool = false, sink: @escaping (HistoryItem) -> Void) {
        (s, self.detectOnly, self.sink) = (scanner, detectOnly, sink)
    }

    /// Whether reading can go on once `format` is what the content showed.
    func recognised(_ f: HistoryFormat) -> Bool {
        if format == nil {
            format = f
            s.skipLimit = .max
        }
        return !detectOnly
    }

    // MARK: Delivering

    func emit(_ p: HistoryPoint) {
        summary.points += 1
        summary.saw(p.instant)
        sink(.point(p))
    }

    /// A point if it has a time and a position in range; else counted as skipped.
    func emitPoint(instant: Int64?, position: HistoryPosition?, accuracy: Double? = nil, speed: Double? = nil, elevation: Double? = nil) {
        guard let instant, let position, position.isValid else {
            summary.skipped += 1
            return
        }
        emit(HistoryPoint(instant: instant, latitude: position.latitude, longitude: position.longitude,
                          accuracy: accuracy.flatMap(Self.finite), speed: speed.flatMap(Self.finite), elevation: elevation.flatMap(Self.finite)))
    }

    func emit(_ v: HistoryVisit) {
        summary.visits += 1
        summary.saw(v.start)
        summary.saw(v.end)
        sink(.visit(v))
    }

    func emit(_ a: HistoryActivity) {
        summary.activities += 1
        summary.saw(a.start)
        summary.saw(a.end)
        sink(.activity(a))
    }

    func emit(_ f: FrequentPlace) {
        summary.frequentPlaces += 1
        sink(.frequentPlace(f))
    }

    private static func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }

    // MARK: Shared values

    /// Degrees × 10⁷ to degrees; Takeout's values beyond ±90° / ±180° are signed 32-bit
    /// integers written unsigned, so 2³² is taken off them. Nil when still out of range.
    static func degrees(e7: Int64?, limit: Int64) -> Double? {
        guard var v = e7 else { return nil }
        if v > limit * 10_000_000 { v -= 1 << 32 }
        guard abs(v) <= limit * 10_000_000 else { return nil }
        return Double(v) / 1e7
    }

    static func position(latitudeE7: Int64?, longitudeE7: Int64?) -> HistoryPosition? {
        guard let lat = degrees(e7: latitudeE7, limit: 90), let lon = degrees(e7: longitudeE7, limit: 180) else { return nil }
        return HistoryPosition(latitude: lat, longitude: lon)
    }

    /// A position in any of the spellings the formats use: a string (`"48.85°, 2.35°"`,
    /// `"geo:48.85,2.35"`) or an object with `latLng`/`LatLng`/`point` (either again),
    /// `latitudeE7`/`longitudeE7`, `latE7`/`lngE7`, or `lat`/`lng`/`lon` in degrees. Nil for
    /// `{}`, null, anything else, or a position out of range (what has it decides whether that
    /// skips it: a point is skipped, an activity only loses that end).
    func readPosition() throws(HistoryError) -> HistoryPosition? {
        switch try s.peek() ?? 0 {
        case 0x22:
            return LatLngText.position(of: try s.scanString(decoding: true))
        case 0x7B:
            try s.beginObject()
            var nested: HistoryPosition?
            var latE7: Int64?, lngE7: Int64?, lat: Double?, lng: Double?
            while try s.nextKey() {
                switch s.key {
                case "latLng", "LatLng", "point", "placeLocation": nested = try readPosition()
                case "latitudeE7", "latE7": latE7 = try s.readInteger()
                case "longitudeE7", "lngE7": lngE7 = try s.readInteger()
                case "lat", "latitude": lat = try s.readDouble()
                case "lng", "lon", "longitude": lng = try s.readDouble()
                default: try s.skipValue()
                }
            }
            if let nested { return nested }
            if latE7 != nil || lngE7 != nil { return Self.position(latitudeE7: latE7, longitudeE7: lngE7) }
            guard let lat, let lng else { return nil }
            let p = HistoryPosition(latitude: lat, longitude: lng)
            return p.isValid ? p : nil
        default:
            try s.skipValue()
            return nil
        }
    }

    /// What a bare number of a time field counts.
    enum TimeUnit {
        case milliseconds, seconds
        /// Seconds below 10¹¹ (the year 5138), milliseconds above (1973 on): real data is never between.
        case byMagnitude
    }

    /// An instant in milliseconds: an ISO 8601 string, or a number (or numeric string) in `unit`.
    /// Nil for anything else, or what does not parse.
    func readInstant(_ unit: TimeUnit) throws(HistoryError) -> Int64? {
        switch try s.peek() ?? 0 {
        case 0x22:
            let text = try s.scanString(decoding: false).trimmed
            if text.count >= 20 { return ISOInstant.milliseconds(of: text) }
            guard JSONNumber.isValid(text), let v = JSONNumber.double(text) else { return nil }
            return Self.milliseconds(v, unit)
        case 0x2D, 0x30...0x39:
            guard let v = try s.readDouble() else { return nil }
            return Self.milliseconds(v, unit)
        default:
            try s.skipValue()
            return nil
        }
    }

    static func milliseconds(_ v: Double, _ unit: TimeUnit) -> Int64? {
        let ms: Double
        switch unit {
        case .milliseconds: ms = v
        case .seconds: ms = v * 1_000
        case .byMagnitude: ms = abs(v) < 1e11 ? v * 1_000 : v
        }
        // Beyond ±300,000 years is no time a phone recorded.
        guard abs(ms) < 1e16 else { return nil }
        return Int64(ms.rounded())
    }

    /// `{startTimestamp, endTimestamp}` (ISO) or `{startTimestampMs, endTimestampMs}` (strings of milliseconds).
    func readDuration() throws(HistoryError) -> (start: Int64?, end: Int64?) {
        var start: Int64?, end: Int64?
        guard try s.enterObject() else { return (nil, nil) }
        while try s.nextKey() {
            switch s.key {
            case "startTimestamp", "startTimestampMs": start = try readInstant(.milliseconds)
            case "endTimestamp", "endTimestampMs": end = try readInstant(.milliseconds)
            default: try s.skipValue()
            }
        }
        return (start, end)
    }
}
