import Foundation
import Gazetteer
import Testing
import TravelLog
@testable import Importer

/// The three flight-log formats, read against the bundled gazetteer.
@Suite struct FlightLogTests {
    static let gazetteer = try! Gazetteer.open()

    func read(_ text: String) throws -> FlightLog { try FlightLog.parse(text, gazetteer: Self.gazetteer) }

    @Test func plain() throws {
        let log = try read("date,from,to,flight,airline\n2024-07-11,MXP,LIS,tp 827,TAP Air Portugal\n2024-07-16,LPPT,LFLL,,\n")
        #expect(log.format == .plain && log.problems.isEmpty)
        #expect(log.flights.map(\.id) == ["2024-07-11-MXP-LIS-TP827", "2024-07-16-LIS-LYS"])
        let first = try #require(log.flights.first)
        #expect(first.from.place.id == "airport:MXP" && first.from.country?.id == "country:IT" && first.to.country?.id == "country:PT")
        #expect(first.airline == "TAP Air Portugal" && first.line == 2)
        // Milan Malpensa to Lisbon, from the airports' positions in the gazetteer.
        #expect((1_600...1_700).contains(first.km))
    }

    @Test func openFlights() throws {
        let log = try read("""
            Date,From,To,Flight_Number,Airline,Distance,Duration,Seat,Seat_Type,Class,Reason,Plane,Registration,Trip,Note,From_OID,To_OID,Airline_OID,Plane_OID
            2023-05-01 10:20:00,CDG,KEF,FI543,Icelandair,2240,03:10,,,,,,,,,,,,
            2024-07-11,MXP,LIS,TP827,"TAP, Air Portugal",,,,,,,,,,,,,,
            """)
        #expect(log.format == .openFlights && log.flights.map(\.id) == ["2023-05-01-CDG-KEF-FI543", "2024-07-11-MXP-LIS-TP827"])
        #expect(log.flights[1].airline == "TAP, Air Portugal")
    }

    @Test func myFlightradar24() throws {
        let log = try read("""
            Date,Flight number,From,To,Dep time,Arr time,Duration,Airline,Aircraft,Registration,Seat number,Seat type,Flight class,Flight reason,Note,Dep_id,Arr_id,Airline_id,Aircraft_id
            2024-04-01,LH716,Frankfurt / Frankfurt International (FRA/EDDF),Tokyo / Haneda (HND/RJTT),13:30:00,08:05:00,11:35:00,Lufthansa (LH/DLH),Boeing 747-8 (B748),D-ABYA,45A,2,1,1,,,,,
            """)
        #expect(log.format == .myFlightradar24 && log.flights.map(\.id) == ["2024-04-01-FRA-HND-LH716"])
        #expect(log.flights[0].to.country?.id == "country:JP")
    }

    @Test func badLinesAreNamedAndTheRestIsRead() throws {
        let log = try read("date,from,to\n2024-07-20,XXX,LYS\n2024-02-30,LIS,LYS\n2024-07-21,LIS,LYS\n2024-07-22,LIS,LPPT\n2024-07-23,LIS\n")
        #expect(log.flights.map(\.id) == ["2024-07-21-LIS-LYS"])
        #expect(log.problems.map(\.line) == [2, 3, 5, 6])
        #expect(log.problems[0].message.contains("'XXX'") && log.problems[1].message.contains("'2024-02-30'"))
        #expect(log.problems[2].message.contains("same airport") && log.problems[3].message == "no to airport")
    }

    @Test func anUnknownHeaderIsNoFlightLog() {
        for text in ["", "when,where\n2024-01-01,LIS\n", "date,from,to,seat\n"] {
            #expect(throws: FlightLog.ReadError.self, "\(text)") { try read(text) }
        }
    }

    @Test func aCodeNeverMeansACountry() throws {
        // FRA is France's alpha-3 as well as Frankfurt's IATA code.
        #expect(try Self.gazetteer.airport(code: "fra")?.id.description == "airport:FRA")
        #expect(try Self.gazetteer.airport(code: "EDDF")?.id.description == "airport:FRA")
        #expect(try Self.gazetteer.airport(code: "ZZZZ") == nil && Self.gazetteer.airport(code: "X'; --") == nil)
    }
}
