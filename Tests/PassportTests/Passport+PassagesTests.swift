import Foundation
import Gazetteer
import Passport
import Testing
import TravelLog
import ScratchSpace

/// Places a location history only passed through: its transit rows, less what was visited.
@Suite struct PassportPassagesTests {
    @Test func aCountyCrossedIsApartFromTheCountiesStayedIn() throws {
        let path = Scratch.root.appendingPathComponent("atlas-passages-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let log = try TravelLog(path: path)
        let us = PlaceLink(id: "country:US", name: "United States"), ca = PlaceLink(id: "region:US.CA", name: "California")
        let (la, kern, inyo) = (PlaceLink(id: "subregion:US.CA.037", name: "Los Angeles County"),
                                PlaceLink(id: "subregion:US.CA.029", name: "Kern County"),
                                PlaceLink(id: "subregion:US.CA.027", name: "Inyo County"))
        func row(_ date: String, _ status: VisitPhoto.Status, _ unit: PlaceLink) -> PlaceDay {
            var d = PlaceDay(date: date, status: status)
            d.places = PlaceDay.Places(PlaceLineage(country: us, region: ca, subregion: unit))
            d.historyPoints = 5
            return d
        }
        // Stayed in Los Angeles County; drove through Kern twice and Inyo once, and through Los
        // Angeles County on another day, which is no passage: it was visited.
        try log.replaceHistoryDays([row("2024-05-01", .visit, la), row("2024-05-02", .transit, kern), row("2024-05-02", .transit, inyo),
                                    row("2024-05-03", .transit, la), row("2024-05-04", .transit, kern)])
        let passport = try Passport(log: log)
        #expect(passport.visits(.subregion).map(\.id) == [la.id])
        let passages = passport.passages(.subregion)
        #expect(passages.map(\.place) == [inyo, kern])
        #expect(passages.map(\.dates) == [["2024-05-02"], ["2024-05-02", "2024-05-04"]])
        #expect(passages.allSatisfy { $0.country == us && $0.region == ca })
    }
}
