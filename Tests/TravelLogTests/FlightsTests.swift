import Foundation
import SQLite
import Testing
@testable import TravelLog

/// Schema 8: flights, known by date, airports and number.
@Suite struct FlightsTests {
    static func airport(_ code: String, _ country: String, _ lat: Double, _ lon: Double) -> Flight.Airport {
        var a = Flight.Airport(place: PlaceLink(id: "airport:" + code, name: code + " Airport"), code: code)
        (a.latitude, a.longitude, a.country) = (lat, lon, PlaceLink(id: "country:" + country, name: country))
        return a
    }

    @Test func aFlightIsKnownOnce() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let lys = Self.airport("LYS", "FR", 45.7256, 5.0811), lis = Self.airport("LIS", "PT", 38.7813, -9.1359)
        var out = Flight(date: "2024-06-04", from: lys, to: lis, flightNumber: "tp 481", airline: "TAP")
        (out.source, out.line) = ("/logs/a.csv", 2)
        let back = Flight(date: "2024-06-05", from: lis, to: lys)
        #expect(try log.saveFlights([out, back]) == 2)
        #expect(try log.saveFlights([out]) == 0)
        #expect(try log.flights() == [out, back])
        #expect(out.id == "2024-06-04-LYS-LIS-TP481" && back.id == "2024-06-05-LIS-LYS")
        #expect(try log.removeFlight(id: back.id) && !log.removeFlight(id: back.id))
        #expect(try log.flights().map(\.id) == [out.id])
    }

    @Test func aVersion7LogGainsTheTable() throws {
        let t = try TemporaryLog()
        do {
            let db = try t.database(ofSchema: 7)
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count && log.flights().isEmpty)
    }
}
