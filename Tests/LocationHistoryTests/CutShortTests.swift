import Testing
@testable import LocationHistory

/// A file that stops anywhere gives what came before, and says where it stops.
@Suite struct CutShortTests {
    private let itinerary = Itinerary.sample()

    @Test func recordsCutAtSeveralOffsetsKeepEveryRecordBeforeTheCut() throws {
        let text = Array(itinerary.records().utf8)
        let all = try HistoryRead(bytes: text).points
        // Where each record's object closes: a record counts once its '}' is in.
        var ends: [Int] = []
        var depth = 0, inString = false, escaped = false
        for (i, c) in text.enumerated() {
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            switch c {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                if depth == 3 && c == 0x7D { ends.append(i) }
                depth -= 1
            default: break
            }
        }
        #expect(ends.count == all.count)
        for cut in [40, 100, 1_000, text.count / 3, text.count / 2, text.count - 2, text.count - 1] {
            let read = try HistoryRead(bytes: Array(text[..<cut]), chunk: 64)
            let before = ends.filter { $0 < cut }.count
            #expect(read.points == Array(all.prefix(before)), "cut at \(cut)")
            #expect(read.summary?.cutShort?.offset == Int64(cut), "cut at \(cut)")
            #expect(read.summary?.cutShort?.isCutShort == true)
            #expect(read.summary?.bytesRead == Int64(cut))
        }
    }

    /// Every cut of every JSON and line format: what was delivered is a prefix of the whole, and the
    /// read either is no history yet (cut inside the first key) or says it was cut — never an error, never a crash.
    @Test(arguments: [HistoryFormat.googleRecords, .googleSemantic, .googleTimeline, .googleTimelineArray, .googleTimelineEdits, .ownTracks, .geoJSON])
    func everyCut(_ format: HistoryFormat) throws {
        let text: String = switch format {
        case .googleRecords: itinerary.records()
        case .googleSemantic: itinerary.semantic()
        case .googleTimeline: itinerary.timeline()
        case .googleTimelineArray: itinerary.timelineArray()
        case .googleTimelineEdits: itinerary.timelineEdits()
        case .ownTracks: itinerary.ownTracks()
        default: itinerary.geoJSON()
        }
        let bytes = Array(text.utf8)
        let whole = try HistoryRead(bytes: bytes).items
        // Trailing white space is no part of the document.
        var end = bytes.count
        while end > 0, JSONScanner.isSpace(bytes[end - 1]) { end -= 1 }
        var cuts = 0
        for cut in stride(from: 0, to: end, by: max(1, end / 400)) {
            let read: HistoryRead
            do throws(HistoryError) { read = try HistoryRead(bytes: Array(bytes[..<cut]), chunk: 32) } catch {
                Issue.record("cut at \(cut): \(error)")
                continue
            }
            guard let summary = read.summary else {
                #expect(read.items.isEmpty)
                continue
            }
            cuts += 1
            #expect(summary.format == format)
            if format == .ownTracks, bytes[cut - 1] == 0x7D || bytes[cut - 1] == 0x0A {
                // Cut between lines, or after a message: complete lines (the last without its line feed).
                #expect(summary.cutShort == nil, "cut at \(cut)")
            } else {
                #expect(summary.cutShort?.offset == Int64(cut), "cut at \(cut)")
            }
            #expect(Array(whole.prefix(read.items.count)) == read.items, "cut at \(cut)")
        }
        #expect(cuts > 300)
    }
}
