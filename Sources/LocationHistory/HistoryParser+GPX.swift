/// GPX track points (`trk/trkseg/trkpt` with `lat`, `lon`, `ele`, `time`) read as a stream of
/// tags: a track of any size in one pass, the points before a cut kept, as for every other
/// format. (``GPXTrack`` in PhotoMetadata reads a whole file through Foundation's `XMLParser`,
/// which the fuzzer made trap on a malformed attribute: a history read must never crash.)
///
/// ```xml
/// <gpx version="1.1"><trk><trkseg>
///   <trkpt lat="48.8566" lon="2.3522"><ele>35</ele><time>2024-05-01T08:00:00Z</time></trkpt>
/// </trkseg></trk></gpx>
/// ```
///
/// Recognised by its root element, `gpx` (with or without a namespace prefix), after the XML
/// declaration, comments and processing instructions. A DTD (`<!DOCTYPE`, `<!ENTITY`) is refused,
/// never read: before the root it makes the file no history, after it an error. This is a reader
/// of GPX, not a validator of XML: tags are not matched against each other, and entities in text
/// are not expanded (numbers and times have none). Points come in file order; one without a
/// time (`Z` or an offset), or outside ±90°/±180°, is skipped and counted.
extension HistoryParser {
    /// The longest tag read (a `trkpt`'s attributes, a namespace-laden root).
    static let maximumTag = 16 << 10

    func readGPX() throws(HistoryError) {
        var point: (position: HistoryPosition?, elevation: Double?, instant: Int64?)?
        var closed = false
        while !closed {
            guard try s.skip(through: 0x3C) else { break }
            guard let tag = try s.scan(through: 0x3E, limit: Self.maximumTag) else { throw s.cutShort("the file ends inside a tag") }
            guard tag.count > 0 else { throw s.malformed("an empty tag") }
            switch tag[0] {
            case 0x3F: continue                          // <?xml …?>
            case 0x21:
                if tag.hasPrefix("!--") { try skipComment(tag); continue }
                if tag.hasPrefix("![CDATA[") { continue }
                throw s.malformed("a DTD, which GPX never has: refused")
            default: break
            }
            let closing = tag[0] == 0x2F
            let name = Self.localName(closing ? tag.dropFirst(1) : tag)
            if format == nil {
                guard !closing, case "gpx" = name, recognised(.gpx) else { return }
                continue
            }
            switch name {
            case "trkpt":
                if closing {
                    if let p = point { emitPoint(instant: p.instant, position: p.position, elevation: p.elevation) }
                    point = nil
                } else {
                    point = (Self.attributePosition(tag), nil, nil)
                    // <trkpt …/> has no time.
                    if tag[tag.count - 1] == 0x2F {
                        summary.skipped += 1
                        point = nil
                    }
                }
            case "ele" where !closing && point != nil:
                guard let text = try s.scan(through: 0x3C, limit: 256) else { throw s.cutShort("the file ends inside an element") }
                let value = text.trimmed
                point?.elevation = JSONNumber.isValid(value) ? JSONNumber.double(value) : nil
                s.advance(-1)   // the '<' of the closing tag is read as a tag
            case "time" where !closing && point != nil:
                guard let text = try s.scan(through: 0x3C, limit: 256) else { throw s.cutShort("the file ends inside an element") }
                point?.instant = ISOInstant.milliseconds(of: text.trimmed)
                s.advance(-1)
            case "gpx" where closing:
                closed = true
            default:
                break
            }
        }
        if format != nil, !closed { throw s.cutShort("the file ends before </gpx>") }
    }

    /// A comment whose `>` came before its `-->`: skipped to its end.
    private func skipComment(_ tag: JSONText) throws(HistoryError) {
        var ends = tag.count >= 5 && tag[tag.count - 1] == 0x2D && tag[tag.count - 2] == 0x2D
        while !ends {
            guard let more = try s.scan(through: 0x3E, limit: Self.maximumTag) else { throw s.cutShort("the file ends inside a comment") }
            ends = more.count >= 2 && more[more.count - 1] == 0x2D && more[more.count - 2] == 0x2D
        }
    }

    /// The element's name without its namespace prefix (`gpx:trkpt` → `trkpt`).
    private static func localName(_ tag: JSONText) -> JSONText {
        var n = 0
        var start = 0
        while n < tag.count, !JSONScanner.isSpace(tag[n]), tag[n] != 0x2F {
            if tag[n] == 0x3A { start = n + 1 }
            n += 1
        }
        return JSONText(start: tag.start + start, count: n - start)
    }

    /// `lat="…"` and `lon="…"` (either quote), when both are numbers in range.
    private static func attributePosition(_ tag: JSONText) -> HistoryPosition? {
        func attribute(_ name: StaticString) -> Double? {
            let n = name.utf8CodeUnitCount
            var i = 0
            while i + n + 2 < tag.count {
                // The name must start after white space: `lat=` is not the end of `xlat=`.
                if JSONScanner.isSpace(tag[i]), name ~= JSONText(start: tag.start + i + 1, count: n) {
                    var j = i + 1 + n
                    while j < tag.count, JSONScanner.isSpace(tag[j]) { j += 1 }
                    guard j < tag.count, tag[j] == 0x3D else { i += 1; continue }
                    j += 1
                    while j < tag.count, JSONScanner.isSpace(tag[j]) { j += 1 }
                    guard j < tag.count, tag[j] == 0x22 || tag[j] == 0x27 else { return nil }
                    let quote = tag[j]
                    let s = j + 1
                    var e = s
                    while e < tag.count, tag[e] != quote { e += 1 }
                    let value = JSONText(start: tag.start + s, count: e - s).trimmed
                    let number = value.count > 0 && value[0] == 0x2B ? value.dropFirst(1) : value
                    return JSONNumber.isValid(number) ? JSONNumber.double(number) : nil
                }
                i += 1
            }
            return nil
        }
        guard let lat = attribute("lat"), let lon = attribute("lon") else { return nil }
        let p = HistoryPosition(latitude: lat, longitude: lon)
        return p.isValid ? p : nil
    }
}
