import Foundation
import SyntheticPhotos
import Testing
@testable import TravelLog

/// The log derives its figures from what the travel record prints: a log of values at full
/// precision and a log of the same values printed as the record prints them (`%.7f`, `%.2f`)
/// and parsed back derive the same aggregates, homes and flights, to the last bit.
@Suite struct RecordPrecisionTests {
    /// What a reader of the record gets back: the value printed at `digits` decimals, parsed.
    private static func printed(_ value: Double?, _ digits: Int) -> Double? {
        value.map { Double(String(format: "%.\(digits)f", $0))! }
    }

    @Test func degreesAndHundredthsAreWhatTheRecordReadsBack() {
        var rng = SplitMix64(seed: 11)
        var values: [Double] = [39.94089791, -0.00000005, 179.99999995, -33.85680000049, 9_000.005, 249.995]
        for _ in 0..<20_000 { values.append(Double.random(in: -180...180, using: &rng)) }
        for v in values {
            #expect(RecordPrecision.degrees(v) == Self.printed(v, 7), "\(v)")
            #expect(RecordPrecision.hundredths(v * 60) == Self.printed(v * 60, 2), "\(v * 60)")
        }
    }

    /// Exact halves, where the parity of the whole number decides, up to and past 2^53.
    @Test func halvesGoToTheEvenNumberAsPrintfDoes() {
        let big = 0x1p51
        let values = stride(from: -6.5, through: 6.5, by: 1).map { $0 } + [big + 0.5, big + 1.5, -(big + 1.5), 0x1p53, 0x1p53 + 2, 1e300, -1e300]
        for v in values {
            #expect(RecordPrecision.units(v, scale: 1) == Double(String(format: "%.0f", v))!, "\(v)")
        }
    }

    @Test func aLogOfPrintedValuesDerivesTheSameFigures() throws {
        let (full, printed) = (try TemporaryLog(), try TemporaryLog())
        let (a, b) = (try TravelLog(path: full.path), try TravelLog(path: printed.path))
        var rng = SplitMix64(seed: 2026)
        var records = (0..<300).map { AggregatesTests.randomRecord(String(format: "/photos/%05d.jpg", $0), &rng) }
        // A camera in a plane just above the flight rule's altitude, at a precision the record
        // does not keep: the record reads it back as the limit itself.
        records[0].altitude = VisitRules.flightAltitudeMeters + 0.004
        records[1].speedKmh = VisitRules.flightSpeedKmh + 0.0049
        try a.write { for r in records { _ = try a.insert(r, run: nil) } }
        try b.write {
            for var r in records {
                (r.latitude, r.longitude) = (Self.printed(r.latitude, 7), Self.printed(r.longitude, 7))
                (r.altitude, r.speedKmh) = (Self.printed(r.altitude, 2), Self.printed(r.speedKmh, 2))
                _ = try b.insert(r, run: nil)
            }
        }
        #expect(try a.placeDays() == b.placeDays())
        #expect(try a.trackDays() == b.trackDays())
        #expect(try a.placeDays().contains { $0.status == .flight } && a.trackDays().map(\.km).reduce(0, +) > 1_000)

        var home = Home(place: PlaceLink(id: "city:2950159", name: "Berlin"), since: "2024-01-01")
        (home.latitude, home.longitude) = (52.524370123456, 13.410530987654)
        let lys = FlightsTests.airport("LYS", "FR", 45.725555992126465, 5.081111907958984)  // as a Float32 gazetteer holds them
        let lis = FlightsTests.airport("LIS", "PT", 38.78129959106445, -9.135910034179688)
        let flight = Flight(date: "2024-06-04", from: lys, to: lis)
        try a.saveHome(home)
        _ = try a.saveFlights([flight])
        (home.latitude, home.longitude) = (Self.printed(home.latitude, 7), Self.printed(home.longitude, 7))
        var restored = flight
        (restored.from.latitude, restored.from.longitude) = (Self.printed(lys.latitude, 7), Self.printed(lys.longitude, 7))
        (restored.to.latitude, restored.to.longitude) = (Self.printed(lis.latitude, 7), Self.printed(lis.longitude, 7))
        try b.saveHome(home)
        _ = try b.saveFlights([restored])
        #expect(try a.homes() == b.homes())
        #expect(try a.flights().map(\.km) == b.flights().map(\.km))
    }
}
