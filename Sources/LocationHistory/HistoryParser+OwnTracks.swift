/// OwnTracks recorder files (`.rec`): one line per message, `TIMESTAMP<TAB>TOPIC<TAB>JSON`
/// (some writers pad with spaces instead of tabs), of which the `_type: "location"` messages are
/// points: `lat`, `lon`, `tst` (epoch seconds, a number or a string; it rules over the line's
/// timestamp, which is when the recorder stored it), `acc` (m), `vel` (km/h), `alt` (m).
///
/// ```
/// 2024-05-01T08:00:00Z	*	{"_type":"location","lat":48.8566,"lon":2.3522,"tst":1714550400,"acc":10,"vel":0}
/// ```
///
/// Recognised by its first line. A later line that is not a message (a recorder killed while
/// writing, a stray edit) is skipped and counted; the file ending inside a message is cut short.
extension HistoryParser {
    func readOwnTracks() throws(HistoryError) {
        var first = true
        while let c = try s.peekByte() {
            if c == 0x0A || c == 0x0D || c == 0x20 || c == 0x09 {
                s.advance()
                continue
            }
            guard let lineInstant = try readLineStart() else {
                guard !first else { return }
                // A last line without its line feed is one the cut took the rest of.
                guard try s.skipLine() else { throw s.cutShort("the file ends inside a line") }
                summary.skipped += 1
                continue
            }
            if first {
                guard recognised(.ownTracks) else { return }
                first = false
            }
            do throws(HistoryError) {
                try readOwnTracksMessage(lineInstant: lineInstant)
                try s.skipBlanks()
                if try s.peekByte() == 0x0D { s.advance() }
                guard let end = try s.peekByte() else { break }
                s.advance()
                if end != 0x0A { throw s.malformed("more after a message") }
            } catch {
                if error.isCutShort { throw error }
                s.resetNesting()
                guard try s.skipLine() else { throw s.cutShort("the file ends inside a line") }
                summary.skipped += 1
            }
        }
    }

    /// `TIMESTAMP TOPIC ` up to the message's `{`: the line's instant, or nil when the line is no message.
    private func readLineStart() throws(HistoryError) -> Int64? {
        guard let stamp = try s.scanWord(limit: 40), let instant = ISOInstant.milliseconds(of: stamp) else { return nil }
        guard let gap = try s.peekByte(), gap == 0x09 || gap == 0x20 else { return nil }
        try s.skipBlanks()
        // The topic: `*`, or `owntracks/user/device` for some writers.
        guard try s.scanWord(limit: 4_096) != nil else { return nil }
        try s.skipBlanks()
        guard try s.peekByte() == 0x7B else { return nil }
        return instant
    }

    private func readOwnTracksMessage(lineInstant: Int64) throws(HistoryError) {
        try s.beginObject()
        var isLocation = false
        var lat: Double?, lon: Double?, instant: Int64?
        var accuracy: Double?, speed: Double?, altitude: Double?
        while try s.nextKey() {
            switch s.key {
            case "_type":
                if let type = try s.readText(), case "location" = type { isLocation = true }
            case "lat": lat = try s.readDouble()
            case "lon": lon = try s.readDouble()
            case "tst": instant = try readInstant(.seconds)
            case "acc": accuracy = try s.readDouble()
            case "vel": speed = try s.readDouble().map { $0 / 3.6 }
            case "alt": altitude = try s.readDouble()
            default: try s.skipValue()
            }
        }
        guard isLocation else { return }
        let position = lat.flatMap { lat in lon.map { HistoryPosition(latitude: lat, longitude: $0) } }
        emitPoint(instant: instant ?? lineInstant, position: position, accuracy: accuracy, speed: speed, elevation: altitude)
    }
}
