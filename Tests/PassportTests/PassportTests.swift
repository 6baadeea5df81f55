import Foundation
import Gazetteer
import Testing
import TravelLog
@testable import Passport

/// The known itinerary (see ``Itinerary``) gives exactly the expected visits.
@Suite(.serialized) struct PassportTests {
    static let itinerary = try! Itinerary()
    static let gazetteer = try! Gazetteer.open()

    func passport() throws -> Passport { try Passport(log: TravelLog(path: Self.itinerary.database, readOnly: true)) }

    func ids(_ visits: [Visit]) -> [String] { visits.map(\.id) }

    /// A listing's passport, read without the rows' times, has the same visits.
    @Test func withoutTimesTheVisitsAreTheSame() throws {
        let log = try TravelLog(path: Self.itinerary.database, readOnly: true)
        let (full, listing) = (try Passport(log: log), try Passport(log: log, times: false))
        #expect(listing.visits == full.visits && !full.visits[.country].isEmpty)
        #expect(listing.days.allSatisfy { $0.firstTime == nil } && full.days.contains { $0.firstTime != nil })
    }

    @Test func countriesAreThePhotosAndMarksThatQualify() throws {
        let p = try passport()
        // Germany (transit only) and Poland, Czechia (in flight) are not visits.
        #expect(ids(p.visits(.country)) == ["country:CH", "country:CN", "country:FR", "country:HK", "country:IS", "country:IT", "country:XK"])
        let france = try require(p.visits(.country).first { $0.id == "country:FR" })
        #expect(france.days == ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05", "2024-07-13"])
        #expect(france.photos == 7 && france.marks == 0)
        #expect(france.firstDate == "2024-03-01" && france.lastDate == "2024-07-13")
        let italy = try require(p.visits(.country).first { $0.id == "country:IT" })
        #expect(italy.days == ["2024-07-11", "2024-07-12"] && italy.photos == 2)
        let iceland = try require(p.visits(.country).first { $0.id == "country:IS" })
        #expect(iceland.days == ["2023-05-01"] && iceland.photos == 0 && iceland.marks == 1)
        #expect(iceland.continent?.id == "continent:EU")
        #expect(ids(p.visits(.continent)) == ["continent:AS", "continent:EU"])
    }

    @Test func evidenceRestrictsWhatCounts() throws {
        let p = try passport()
        var madrid = PlaceDay(date: "2024-08-01", status: .visit)
        (madrid.country, madrid.historyPoints) = (PlaceLink(id: "country:ES", name: "Spain"), 30)
        let withHistory = Passport(days: PlaceDay.sorted(p.days + [madrid]), tracks: p.tracks, marks: p.marks, flights: p.flights)
        #expect(withHistory.visits(.country).contains { $0.id == "country:ES" && $0.evidence == [.history] })
        // The answers before location histories: photos, flights and marks.
        let before = withHistory.restricted(to: [.photos, .flights, .marks])
        #expect(ids(before.visits(.country)) == ids(p.visits(.country)))
        #expect(ids(withHistory.restricted(to: [.photos]).visits(.country)) == ids(p.visits(.country).filter { $0.photos > 0 }))
        #expect(ids(withHistory.restricted(to: [.marks]).visits(.country)) == ["country:IS", "country:XK"])
        #expect(ids(withHistory.restricted(to: [.history]).visits(.country)) == ["country:ES"])
        #expect(withHistory.restricted(to: [.history]).tracks.isEmpty)
    }

    @Test func regionsCitiesAndAirports() throws {
        let p = try passport()
        #expect(ids(p.visits(.region)) == ["region:CH.GE", "region:CN.14", "region:FR.84", "region:HK.HCW", "region:IT.09"])
        // Cities are the towns a traveller names: Lyon, not its 1st arrondissement; Hong Kong, not Central.
        #expect(Set(p.visits(.city).map(\.name)) == ["Lyon", "Annemasse", "Geneva", "Milan", "Lhasa", "Hong Kong"])
        #expect(p.visits(.district).map(\.name).contains("Lyon 01"))
        // Near the border, each photo keeps its own side.
        let geneva = try require(p.visits(.city).first { $0.name == "Geneva" })
        #expect(geneva.country?.id == "country:CH" && geneva.days == ["2024-07-13"])
        let annemasse = try require(p.visits(.city).first { $0.name == "Annemasse" })
        #expect(annemasse.country?.id == "country:FR" && annemasse.region?.id == "region:FR.84")
        // The layover visits the airport even though Germany is not visited.
        #expect(ids(p.visits(.airport)) == ["airport:FRA"])
        #expect(p.visits(.airport)[0].days == ["2024-07-10"] && p.visits(.airport)[0].photos == 2)
    }

    @Test func flightAndTransitAreShownSeparately() throws {
        let photos = try TravelLog(path: Self.itinerary.database, readOnly: true).visitPhotos()
        let p = try passport()
        #expect(p.photoCount(.flight) == 2 && p.photoCount(.transit) == 2)
        #expect(photos.filter { $0.status == .flight }.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["12-over-poland.jpg", "13-over-czechia.jpg"])
        #expect(photos.filter { $0.status == .transit }.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["10-fra-gate.jpg", "11-fra-lounge.jpg"])
        // Lhasa at 3,650 m is a visit: altitude alone below 9,000 m is never a flight.
        let lhasa = try require(photos.first { $0.path.hasSuffix("40-lhasa.jpg") })
        #expect(lhasa.status == .visit && lhasa.altitude == 3_650)
        let czechia = try require(photos.first { $0.path.hasSuffix("13-over-czechia.jpg") })
        #expect(czechia.speedKmh == 800)
    }

    @Test func aGroundPhotoAwayFromTheAirportMakesTheDayAVisit() {
        func photo(_ airport: String?) -> PassportPhoto {
            var p = PassportPhoto(path: airport ?? "town")
            p.takenLocal = "2024-07-10T10:00:00"
            p.country = .init(id: "country:DE", name: "Germany")
            p.airport = airport.map { .init(id: $0, name: $0) }
            return p
        }
        #expect(Passport(photos: [photo("airport:FRA")], marks: []).visits(.country).isEmpty)
        #expect(Passport(photos: [photo("airport:FRA"), photo(nil)], marks: []).visits(.country).map(\.id) == ["country:DE"])
        // A mark promotes a transit day to a visit.
        var mark = Mark(placeID: "country:DE", placeName: "Germany", date: "2024-07-10")
        mark.country = PlaceLink(id: "country:DE", name: "Germany")
        #expect(Passport(photos: [photo("airport:FRA")], marks: [mark]).visits(.country).map(\.days) == [["2024-07-10"]])
    }

    @Test func statsUnderEachCountingScheme() throws {
        let p = try passport()
        let expected: [(CountingScheme.Name, Int, Int)] = [(.un, 5, 195), (.iso, 6, 249), (.all, 7, 252)]
        for (name, visited, total) in expected {
            let s = p.stats(scheme: try CountingScheme.load(name, from: Self.gazetteer), currentYear: 2024)
            #expect(s.countries == visited && s.countriesInScheme == total, "\(name)")
            #expect(s.countriesVisited == 7)
        }
        let s = p.stats(scheme: try CountingScheme.load(.un, from: Self.gazetteer), currentYear: 2024)
        #expect(s.continents == 2 && s.regions == 5 && s.cities == 6 && s.airports == 1)
        // No region has photos in three months of a year: the one of most months overall.
        #expect(s.home?.id == "region:FR.84" && s.homeInferred)
        // Milan ×2, Geneva (07-13, also a day at home), Lhasa, Hong Kong, Iceland, Kosovo.
        #expect(s.daysAbroad == 7)
        // The marks make the first trip; Lhasa and Hong Kong (two days apart) the last.
        #expect(s.firstTrip == "2023-05-01" && s.trips == 3)
        #expect(s.busiestYear?.year == 2024 && s.busiestYear?.days == 10)
        #expect(s.mostVisitedCountry?.id == "country:FR" && s.mostVisitedCountry?.days == 6)
        #expect(s.farthest?.place?.name == "Hong Kong")
        #expect(s.farthest.map { (9_000...10_000).contains($0.km) } == true)
        // Every positioned photo in time order, the flights included: at least Lyon–Lhasa–Hong Kong.
        #expect(s.distanceKm > 9_000)
        #expect(s.newCountriesThisYear == 5 && s.newRegionsThisYear == 5 && s.newCitiesThisYear == 6)
        // Another home changes what is abroad.
        let italy = HomeTimeline(only: Home(place: PlaceLink(id: "country:IT", name: "Italy")), days: p.days)
        let milan = p.stats(scheme: try CountingScheme.load(.un, from: Self.gazetteer), homes: italy, currentYear: 2024)
        #expect(milan.daysAbroad == 10 && milan.homeCountry == "country:IT")
    }

    @Test func marksSurviveReimport() throws {
        try Self.itinerary.importPhotos()
        let marks = try TravelLog(path: Self.itinerary.database, readOnly: true).marks()
        #expect(marks.map(\.placeID) == ["country:IS", "country:XK"])
        #expect(marks[0].note == "ferry from Denmark" && marks[0].placeName == "Iceland" && marks[0].continent?.id == "continent:EU")
    }

    @Test func timelineByYearAndMonth() throws {
        let years = try passport().timeline(monthly: false)
        #expect(years.map(\.period) == ["2023", "2024"])
        #expect(years[0].countries.map(\.id) == ["country:IS", "country:XK"])
        let months = try passport().timeline(monthly: true)
        #expect(months.map(\.period) == ["2023-05", "2024-03", "2024-07", "2024-08"])
    }
}

/// UTC from the local time and its offset, across day, month, year and leap-day boundaries.
@Suite struct UTCTimeTests {
    @Test(arguments: [
        ("2024-07-11T12:00:00", 7_200, "2024-07-11T10:00:00Z"),
        ("2024-01-01T01:30:00", 3_600, "2024-01-01T00:30:00Z"),
        ("2024-01-01T00:30:00", 3_600, "2023-12-31T23:30:00Z"),
        ("2024-02-29T23:00:00", -7_200, "2024-03-01T01:00:00Z"),
        ("2023-03-01T05:00:00", 28_800, "2023-02-28T21:00:00Z"),
        ("1969-12-31T23:59:59", -1, "1970-01-01T00:00:00Z"),
        ("2000-02-29T12:00:00", 45_900, "2000-02-28T23:15:00Z"),
    ])
    func utc(local: String, offset: Int, expected: String) {
        var p = PassportPhoto(path: "x")
        (p.takenLocal, p.utcOffsetSeconds) = (local, offset)
        #expect(p.utcText == expected)
    }

    @Test func noOffsetNoUTC() {
        var p = PassportPhoto(path: "x")
        p.takenLocal = "2024-07-11T12:00:00"
        #expect(p.utcText == nil)
    }
}
