import Foundation
import Gazetteer
import Passport
import Testing
import TravelLog
@testable import Importer
import ScratchSpace

/// One definition of a visit: what an import says was visited is what the passport lists.
@Suite(.serialized) struct VisitDefinitionTests {
    static let sampleTrip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/trip").path

    /// Imports `root` (a dry run first, then for real) into a fresh log, saves `marks`, imports
    /// again, and checks every summary against the passport of the log.
    func expectAgreement(root: String, marks: [Mark] = []) throws {
        let database = Scratch.root.appendingPathComponent("atlas-visits-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        func run(dryRun: Bool) throws -> ImportSummary {
            try Importer(log: try TravelLog(path: database), finder: Itinerary.finder,
                         options: .init(roots: [LibraryWalker.canonical(root)!], jobs: 2, dryRun: dryRun)).run()
        }
        func passportPlaces() throws -> VisitedPlaces { try Passport(log: TravelLog(path: database, readOnly: true)).visits.places }

        let dry = try run(dryRun: true)
        let first = try run(dryRun: false)
        #expect(first.visited == (try passportPlaces()))
        #expect(first.newPlaces == first.visited)
        #expect(dry.visited == first.visited)
        let log = try TravelLog(path: database)
        for mark in marks { try log.saveMark(mark) }
        let again = try run(dryRun: false)
        #expect(again.visited == (try passportPlaces()))
        #expect(again.newPlaces == VisitedPlaces())

        // And the counts `atlas stats` prints.
        let passport = try Passport(log: TravelLog(path: database, readOnly: true))
        let stats = passport.stats(scheme: try CountingScheme.load(.all, from: PassportTests.gazetteer))
        #expect((stats.countriesVisited, stats.regions, stats.cities, stats.airports)
                == (again.visited.countries.count, again.visited.regions.count, again.visited.cities.count, again.visited.airports.count))
    }

    @Test func onTheItineraryWithFlightsLayoversAndMarks() throws {
        let gazetteer = PassportTests.gazetteer
        try expectAgreement(root: PassportTests.itinerary.root, marks: [
            Mark(place: try require(gazetteer.lookup("country:IS")), date: "2023-05-01", note: nil),
            Mark(place: try require(gazetteer.lookup("airport:CDG")), date: "2024-07-10", note: nil),
        ])
        // The layover and the flights are in the library, and still not visits.
        let places = try Passport(log: TravelLog(path: PassportTests.itinerary.database, readOnly: true)).visits.places
        #expect(places.countries["country:DE"] == nil && places.countries["country:PL"] == nil && places.airports["airport:FRA"] != nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: sampleTrip), "Samples/trip is part of the repository"))
    func onTheSampleTrip() throws {
        try expectAgreement(root: Self.sampleTrip)
    }
}
