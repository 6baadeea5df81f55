import Foundation
import Testing
import TravelLog
@testable import Passport
import ScratchSpace

/// Trips detected from ``Journeys`` and edited, every figure exact.
@Suite struct TripTests {
    let trips = Journeys.passport().trips()

    func trip(_ id: String, in trips: [Trip]) throws -> Trip { try require(trips.first { $0.id == id }) }

    @Test func awayDaysMakeTripsAndNearbyWeekendsDoNot() {
        // Saint-Étienne (50 km) in February and the Saint-Étienne mark are no trips.
        #expect(trips.map(\.id) == ["2024-04-01", "2024-06-01", "2024-06-04", "2024-09-20", "2024-09-24", "2024-10-05", "2024-12-30"])
        #expect(trips.map(\.title) == ["Japan, April 2024", "Paris, June 2024", "Portugal, June 2024", "Italy, September 2024",
                                        "Italy, September 2024", "Iceland, October 2024", "Austria, December 2024 – January 2025"])
        #expect(trips.allSatisfy { !$0.excluded && !$0.titleIsEdited })
    }

    @Test func aLongTripKeepsItsLayoverFlightsAndQuietDays() throws {
        let japan = try trip("2024-04-01", in: trips)
        // From the morning of departure (at home, then Frankfurt, then the plane) to the flight back.
        #expect(japan.start == "2024-04-01" && japan.end == "2024-04-11" && japan.dayCount == 11)
        #expect(japan.countries.map { [$0.place.name, String($0.days)] } == [["Japan", "7"]])
        #expect(japan.cities.map { [$0.place.name, String($0.days)] } == [["Tokyo", "4"], ["Kyoto", "1"], ["Nara", "1"], ["Osaka", "1"]])
        #expect(japan.transit.map { [$0.place.name, String($0.days)] } == [["Germany", "1"]])
        #expect(japan.airports.map(\.place.id) == ["airport:FRA"])
        #expect(japan.flightPhotos == 2 && japan.photos == 10 && japan.marks == 1)
        let first = japan.days[0]
        #expect(first.atHome && first.transit.map(\.id) == ["airport:FRA"] && first.flightPhotos == 1 && first.places.isEmpty && first.photos == 2)
        // The photo without a position (04-06) and the empty 04-09 are days of the trip with nothing.
        #expect(japan.days[5].date == "2024-04-06" && japan.days[5].photos == 0 && japan.days[5].places.isEmpty)
        #expect(japan.days[7].places.map(\.name) == ["Nara"] && japan.days[7].marks == 1)
        #expect(japan.days[10].flightPhotos == 1 && !japan.days[10].atHome)
    }

    /// Milan then Vienna, and on another day Vienna then Milan: each day lists its places in
    /// the order of their first photos, whatever order the log keeps them in.
    @Test func aDayListsItsPlacesInTheOrderVisited() throws {
        let extra = [Journeys.photo("2024-10-15T18:00:00", Journeys.vienna), Journeys.photo("2024-10-15T09:00:00", Journeys.milan),
                     Journeys.photo("2024-11-20T08:00:00", Journeys.vienna), Journeys.photo("2024-11-20T20:00:00", Journeys.milan),
                     Journeys.photo("2024-11-20T12:00:00", Journeys.lisbon)]
        let trips = Journeys.passport(extra: extra).trips()
        #expect(try trip("2024-10-15", in: trips).days.map { $0.places.map(\.name) } == [["Milan", "Vienna"]])
        #expect(try trip("2024-11-20", in: trips).days.map { $0.places.map(\.name) } == [["Vienna", "Lisbon", "Milan"]])
    }

    /// A day's rows by first time, none last: times of the log's form compared as numbers, any
    /// other form as text, in the same order (``LocalTime``).
    @Test func aDaysRowsComeByTheirFirstTimeWhateverItsForm() {
        func rows(_ times: [String?]) -> [PlaceDay] {
            times.map { var d = PlaceDay(date: "2024-11-20", status: .visit); d.firstTime = $0.map { LocalTime($0) }; return d }
        }
        let plain = rows(["2024-11-20T18:00:00", nil, "2024-11-20T09:00:00", "2024-11-20T09:00:00"])
        #expect(Passport.inTimeOrder([0, 1, 2, 3], of: plain) == [2, 3, 0, 1])
        let odd = rows(["2024-11-20T18:00:00", "2024-11-20T09:00:00.250", nil, "2024-11-20T09:00:00"])
        #expect(Passport.inTimeOrder([0, 1, 2, 3], of: odd) == [3, 1, 0, 2])
    }

    @Test func oneHomeDayEndsATripAndALongerGapToo() throws {
        let paris = try trip("2024-06-01", in: trips), lisbon = try trip("2024-06-04", in: trips)
        #expect(paris.end == "2024-06-02" && lisbon.start == "2024-06-04" && lisbon.end == "2024-06-05")
        // Three days without photos split Milan; a gap of three allowed joins it.
        let wider = Journeys.passport().trips(rules: TripRules(maximumGap: 3))
        let milan = try trip("2024-09-20", in: wider)
        #expect(milan.end == "2024-09-24" && milan.dayCount == 5 && milan.countries.map(\.days) == [2])
        #expect(!wider.contains { $0.id == "2024-09-24" })
        // A wider radius makes Paris (392 km) home ground.
        #expect(!Journeys.passport().trips(rules: TripRules(awayKm: 500)).contains { $0.id == "2024-06-01" })
    }

    @Test func distanceRunsFromHomeAlongThePhotosAndBack() throws {
        let paris = try trip("2024-06-01", in: trips)
        #expect(abs(paris.distanceKm - 2 * Journeys.km(Journeys.lyon, Journeys.paris)) < 1)
        let iceland = try trip("2024-10-05", in: trips)
        #expect(iceland.distanceKm == 0 && iceland.photos == 0 && iceland.marks == 1 && iceland.countries.map(\.place.id) == ["country:IS"])
    }

    @Test func aTripAcrossNewYearIsOneTrip() throws {
        let vienna = try trip("2024-12-30", in: trips)
        #expect(vienna.end == "2025-01-02" && vienna.dayCount == 4)
        // Listed in the trips of either year, as the same trip.
        for year in [2024, 2025] { #expect(Journeys.passport().trips(year: year).filter { $0.id == "2024-12-30" } == [vienna]) }
    }

    @Test func renameHoldsWhenTheTripGrows() throws {
        let renamed = Journeys.passport(edits: [TripEdit(kind: .rename, date: "2024-04-01", title: "Cherry blossoms")]).trips()
        #expect(try trip("2024-04-01", in: renamed).title == "Cherry blossoms")
        #expect(try trip("2024-04-01", in: renamed).titleIsEdited)
        // A photo found later in Tokyo on 03-31: the trip starts a day earlier, keeps its name.
        let grown = Journeys.passport(edits: [TripEdit(kind: .rename, date: "2024-04-01", title: "Cherry blossoms")],
                                      extra: [Journeys.photo("2024-03-31T12:00:00", Journeys.tokyo, offsetHours: 9)]).trips()
        #expect(grown[0].id == "2024-03-31" && grown[0].title == "Cherry blossoms")
    }

    @Test func splitMergeAndExclude() throws {
        let split = Journeys.passport(edits: [TripEdit(kind: .split, date: "2024-04-07")]).trips()
        #expect(split.prefix(2).map { [$0.id, $0.end] } == [["2024-04-01", "2024-04-05"], ["2024-04-07", "2024-04-11"]])
        let merged = Journeys.passport(edits: [TripEdit(kind: .merge, date: "2024-06-01", until: "2024-06-05")]).trips()
        let june = try trip("2024-06-01", in: merged)
        #expect(june.end == "2024-06-05" && june.dayCount == 5 && june.title == "Portugal, June 2024")
        #expect(june.countries.map { [$0.place.name, String($0.days)] } == [["France", "2"], ["Portugal", "2"]])
        #expect(june.days[2].atHome && june.days[2].places.isEmpty)
        #expect(!merged.contains { $0.id == "2024-06-04" })
        let excluded = Journeys.passport(edits: [TripEdit(kind: .exclude, date: "2024-09-20")])
        #expect(try trip("2024-09-20", in: excluded.trips()).excluded)
        #expect(excluded.stats(scheme: CountingScheme(name: .all, countries: []), year: 2024).trips == 6)
        // Split then merged back is the trip as detected; an edit of a trip that is gone does nothing.
        let back = Journeys.passport(edits: [TripEdit(kind: .split, date: "2024-04-07"), TripEdit(kind: .merge, date: "2024-04-01", until: "2024-04-11"),
                                             TripEdit(kind: .rename, date: "2023-01-01", title: "Nothing")]).trips()
        #expect(back == trips)
    }

    @Test func editsAreKeptInTheLog() throws {
        let path = Scratch.root.appendingPathComponent("trip-edits-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let log = try TravelLog(path: path)
        let rename = try log.saveTripEdit(TripEdit(kind: .rename, date: "2024-04-01", title: "Cherry blossoms"))
        try log.saveTripEdit(TripEdit(kind: .merge, date: "2024-06-01", until: "2024-06-05"))
        let edits = try TravelLog(path: path, readOnly: true).tripEdits()
        #expect(edits.map(\.kind) == [.rename, .merge] && edits[0].sequence == rename && edits[1].until == "2024-06-05")
        let trips = Journeys.passport(edits: edits).trips()
        #expect(trips[0].title == "Cherry blossoms" && trips[1].end == "2024-06-05")
        #expect(try log.removeTripEdits([rename]) == 1)
        #expect(try log.tripEdits().map(\.kind) == [.merge])
    }

    @Test func aMoveChangesWhatIsAway() throws {
        var lyon = Home(place: PlaceLink(id: "city:2996944", name: "Lyon"))
        (lyon.latitude, lyon.longitude, lyon.country) = (45.7640, 4.8357, PlaceLink(id: "country:FR", name: "France"))
        var lisbon = Home(place: PlaceLink(id: "city:2267057", name: "Lisbon"), since: "2025-03-01")
        (lisbon.latitude, lisbon.longitude, lisbon.country) = (38.7223, -9.1393, PlaceLink(id: "country:PT", name: "Portugal"))
        let after = [Journeys.photo("2025-03-10T12:00:00", Journeys.lisbon, offsetHours: 0), Journeys.photo("2025-03-11T12:00:00", Journeys.lisbon, offsetHours: 0),
                     Journeys.photo("2025-04-05T12:00:00", Journeys.lyon)]
        let trips = Journeys.passport(homes: [lyon, lisbon], extra: after).trips()
        #expect(trips.map(\.id) == self.trips.map(\.id) + ["2025-04-05"])
        #expect(trips.last?.title == "France, April 2025")
    }

    @Test func noHomeNoTrips() {
        // Marks say "been there", not "lived there": a log of marks has no home.
        let marks = Passport(photos: [], marks: [Journeys.iceland])
        #expect(marks.homeTimeline().periods.isEmpty && marks.trips().isEmpty)
    }
}

extension TripTests {
    @Test func aMorningInFijiIsTheEveningBeforeInUTCAndStillTheTrip() throws {
        // Nadi at 08:00, UTC+12: 20:00 the day before in UTC.
        let nadi = Journeys.Spot(lat: -17.7765, lon: 177.4356, continent: "OC", country: ("country:FJ", "Fiji"),
                                 region: ("region:FJ.W", "Western"), city: ("city:2202064", "Nadi"))
        let trips = Journeys.passport(extra: [Journeys.photo("2024-08-15T08:00:00", nadi, offsetHours: 12)]).trips()
        let fiji = try #require(trips.first { $0.id == "2024-08-15" })
        #expect(fiji.title == "Fiji, August 2024" && abs(fiji.distanceKm - 2 * Journeys.km(Journeys.lyon, nadi)) < 1)
    }

    @Test func aTripsDistanceGoesPlaceToPlace() throws {
        // Lyon → Tokyo (04-02…04-05) → Kyoto → Osaka, the flight photos and the layover on the way.
        let japan = try #require(trips.first { $0.id == "2024-04-01" })
        let (j, lyon) = (Journeys.self, Journeys.lyon)
        let legs = [lyon, j.frankfurtAirport, j.overRussia, j.tokyo, j.kyoto, j.osaka, j.overKazakhstan, lyon]
        let expected = zip(legs, legs.dropFirst()).reduce(0) { $0 + Journeys.km($1.0, $1.1) }
        #expect(abs(japan.distanceKm - expected) < 1)
    }
}
