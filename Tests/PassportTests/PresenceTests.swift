import Testing
import TravelLog
@testable import Passport

/// `atlas days` (``Passport/presence(year:)``).
@Suite struct PresenceTests {
    @Test func daysPerCountryCountEveryCountryTouched() throws {
        let presence = Journeys.passport().presence(year: 2024)
        #expect(presence.map { [$0.country.id, String($0.days.count), String($0.transitDays.count)] } == [
            ["country:AT", "2", "0"], ["country:DE", "0", "1"], ["country:FR", "15", "0"], ["country:IS", "1", "0"],
            ["country:IT", "2", "0"], ["country:JP", "7", "0"], ["country:PT", "2", "0"],
        ])
        // The day of departure counts for France; the mark of Saint-Étienne too.
        let france = try require(presence.first { $0.country.id == "country:FR" })
        #expect(france.days.contains("2024-04-01") && france.days.contains("2024-10-20"))
        #expect(Journeys.passport().presence().map(\.year) == [2024, 2024, 2024, 2024, 2024, 2024, 2024, 2025, 2025])
    }

    /// A year's presence, read from its own rows, is the whole ledger's for that year: around
    /// New Year in Tokyo, a flight log's days, a history's passages, marks.
    @Test func aYearsPresenceIsTheWholeLedgersForThatYear() {
        for passport in [Journeys.passport(), Journeys.passport(extra: [Journeys.photo("2025-12-31T23:30:00", Journeys.tokyo, offsetHours: 9),
                                                                        Journeys.photo("2026-01-01T00:30:00", Journeys.tokyo, offsetHours: 9)])] {
            let whole = passport.ledger().presence()
            for year in 2023...2027 { #expect(passport.presence(year: year) == whole.filter { $0.year == year }, "\(year)") }
        }
    }

    /// A location history's rows: a stay is a visit; a drive through a country is a day there
    /// but no visit; a passage at an airport (a layover) stays a transit day.
    @Test func aHistoryPassageOnTheGroundIsPresenceButNotAVisit() throws {
        func row(_ date: String, _ status: VisitPhoto.Status, _ country: String, airport: String? = nil) -> PlaceDay {
            var d = PlaceDay(date: date, status: status)
            (d.country, d.historyPoints) = (PlaceLink(id: "country:" + country, name: country), 5)
            d.airport = airport.map { PlaceLink(id: "airport:" + $0, name: $0) }
            return d
        }
        let passport = Passport(days: [row("2024-05-01", .visit, "FR"), row("2024-05-03", .transit, "BE"),
                                       row("2024-05-05", .transit, "NL", airport: "AMS")], tracks: [], marks: [])
        #expect(passport.visits(.country).map(\.id) == ["country:FR"])
        let presence = passport.presence(year: 2024)
        #expect(presence.map { [$0.country.id, String($0.days.count), String($0.transitDays.count)] } == [
            ["country:BE", "1", "0"], ["country:FR", "1", "0"], ["country:NL", "0", "1"],
        ])
    }
}
