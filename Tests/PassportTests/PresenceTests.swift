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
}
