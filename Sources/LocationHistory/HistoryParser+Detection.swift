/// Which format a file is, from its content only: the first byte past a BOM and white space,
/// then for a JSON object its top-level keys as they come (Google does not keep their order:
/// a `Timeline.json` may start with `rawSignals`), for an array its first element's keys.
///
/// ```swift
/// try parser.run()   // .googleRecords for {"locations": …}; nil for a photo's Takeout sidecar
/// ```
///
/// A document that shows no key of a history within its first
/// ``HistoryParser/detectionBudget`` bytes, or ends first, is not one: a photo folder's other
/// JSON (Takeout's `IMG.jpg.json` with `geoData`, an album's `metadata.json`) costs the reading
/// of its few hundred bytes.
extension HistoryParser {
    /// Reads the whole input, delivering what it holds; the format, or nil when it is no history.
    func run() throws(HistoryError) -> HistoryFormat? {
        s.skipLimit = Self.detectionBudget
        if try s.ensure(3), s.byte(at: 0) == 0xEF, s.byte(at: 1) == 0xBB, s.byte(at: 2) == 0xBF { s.advance(3) }
        switch try s.peek() ?? 0 {
        case 0x3C: try readGPX()
        case 0x5B: try readTimelineArray()
        case 0x7B: try readTopObject()
        case 0x30...0x39: try readOwnTracks()
        default: break
        }
        return format
    }

    /// After the top-level value: only white space.
    func expectEnd() throws(HistoryError) {
        if let c = try s.peek() { throw s.malformed("\(JSONScanner.describe(c)) after the end of the document") }
    }

    private func readTopObject() throws(HistoryError) {
        try s.beginObject()
        while try s.nextKey() {
            switch s.key {
            case "locations":
                guard recognised(.googleRecords) else { return }
                try readRecords()
            case "timelineObjects":
                guard recognised(.googleSemantic) else { return }
                try readTimelineObjects()
            case "semanticSegments":
                guard recognised(.googleTimeline) else { return }
                try readSegments()
            case "rawSignals":
                guard recognised(.googleTimeline) else { return }
                try readRawSignals()
            case "userLocationProfile":
                guard recognised(.googleTimeline) else { return }
                try readLocationProfile()
            case "timelineEdits":
                guard recognised(.googleTimelineEdits) else { return }
                try readTimelineEdits()
            case "features":
                guard recognised(.geoJSON) else { return }
                try readFeatures()
            case "type" where format == nil:
                // GeoJSON says what it is; any other "type" is some other document.
                guard let type = try s.readText(), case "FeatureCollection" = type else { return }
                guard recognised(.geoJSON) else { return }
            default:
                try s.skipValue()
            }
        }
        if format != nil { try expectEnd() }
    }

    /// The iPhone's export: an array of segments, recognised by its first element's keys.
    private func readTimelineArray() throws(HistoryError) {
        try s.beginArray()
        var first = true
        while try s.nextElement() {
            guard try readSegment() || !first else { return }
            first = false
            guard recognised(.googleTimelineArray) else { return }
        }
        if format != nil { try expectEnd() }
    }
}
