import Gazetteer
import Testing
@testable import TravelLog

/// Schema 12: location histories kept in blocks, replaced by path, forgotten under their roots.
@Suite struct HistoriesTests {
    @Test func aHistoryIsKeptInBlocksReplacedAndForgotten() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let points = TimedPositionTests.walk(TravelLog.historyBlockSize * 2 + 10, seed: 11)
        var h = TravelLog.StoredHistory(path: "/h/Records.json", size: 10, modifiedNs: 20)
        (h.format, h.points, h.first, h.last) = ("google-records", points.count, points.first?.instant, points.last?.instant)
        let segments = [HistorySegment(kind: .visit, start: 5, end: 9, latitude: 1, longitude: 2), HistorySegment(kind: .flight, start: 10, end: 20)]
        let id = try log.write { try log.saveHistory(h, points: points, segments: segments, run: nil) }
        #expect(try log.storedHistory(at: h.path)?.points == points.count && log.storedHistory(at: h.path)?.id == id)
        #expect(try log.historySegments().map(\.segment) == segments)
        #expect(try log.historySpan()! == (points.first!.instant, points.last!.instant))
        // Every point back, by blocks that overlap the span asked for.
        var back: [TimedPosition] = []
        try log.forEachHistoryBlock(from: .min, to: .max) { _, block in back += block }
        #expect(back == points)
        var middle: [TimedPosition] = []
        let (from, to) = (points[5000].instant, points[5001].instant)
        try log.forEachHistoryBlock(from: from, to: to) { _, block in middle += block }
        #expect(middle.count == TravelLog.historyBlockSize && middle.contains(points[5000]) && middle.contains(points[5001]))
        // Saved again: replaced, not added.
        try log.write { _ = try log.saveHistory(h, points: Array(points.prefix(3)), segments: [], run: nil) }
        var count = 0
        try log.forEachHistoryBlock(from: .min, to: .max) { _, block in count += block.count }
        let (segmentsLeft, stored) = (try log.historySegments(), try log.storedHistories())
        #expect(count == 3 && segmentsLeft.isEmpty && stored.count == 1)
        // Forgotten when its folder no longer has it; another folder's history stays.
        try log.write { _ = try log.saveHistory(.init(path: "/other/x.rec", size: 1, modifiedNs: 1), points: [points[0]], segments: [], run: nil) }
        #expect(try log.write { try log.removeHistories(under: ["/h"], except: []) } == 1)
        #expect(try log.storedHistories().map(\.path) == ["/other/x.rec"])
        let (other, gone) = (try log.knowsFiles(under: "/other"), try log.knowsFiles(under: "/h"))
        #expect(other && !gone)
    }

    @Test func historyDaysAreVisitsAndTheirOwnRows() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var stay = PlaceDay(date: "2024-05-02", status: .visit)
        (stay.country, stay.city, stay.historyPoints) = (PlaceLink(id: "country:FR", name: "France"), PlaceLink(id: "city:2988507", name: "Paris"), 40)
        var passage = PlaceDay(date: "2024-05-03", status: .transit)
        (passage.country, passage.historyPoints) = (PlaceLink(id: "country:BE", name: "Belgium"), 12)
        try log.write { try log.replaceHistoryDays([passage, stay]) }
        #expect(try log.historyDays() == [stay, passage])
        #expect(try log.visits()[.country].map(\.name) == ["France"])
        #expect(try log.placeDays().isEmpty)
    }

    /// Rows read back share one snapshot per distinct place, and a row whose names differ
    /// (an older gazetteer's spelling), or whose level is absent, is a snapshot of its own.
    @Test func rowsReadBackShareTheirPlaceSnapshots() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let (france, paris) = (PlaceLink(id: "country:FR", name: "France"), PlaceLink(id: "city:2988507", name: "Paris"))
        func day(_ n: Int, _ city: PlaceLink?, country: PlaceLink = france) -> PlaceDay {
            var d = PlaceDay(date: "2024-05-\(10 + n)", status: .visit)
            d.places = PlaceDay.Places(PlaceLineage(country: country, city: city))
            d.historyPoints = 1
            return d
        }
        let rows = [day(0, paris), day(1, paris), day(2, PlaceLink(id: "city:2988507", name: "Paname")), day(3, nil),
                    day(4, paris, country: PlaceLink(id: "country:FR", name: "")), day(5, paris)]
        try log.write { try log.replaceHistoryDays(rows) }
        let back = try log.historyDays()
        #expect(back == rows)
        #expect(back[0].places === back[1].places && back[0].places === back[5].places)
        #expect(back[2].city?.name == "Paname" && back[2].places !== back[0].places)
        #expect(back[3].city == nil && back[4].country?.name == "" && back[4].places !== back[0].places)
    }
}
