import Foundation
import Gazetteer
import Passport
import Testing
import TravelLog

/// A generated traveller reaching each kind of milestone on a known day: the date and place of
/// the visit that completed it, and what is missing before.
@Suite struct PassportMilestonesTests {
    static let gazetteer = try! Gazetteer.open()
    static let un = try! CountingScheme.load(.un, from: gazetteer)

    /// A day of the traveller's: one place and the places above it, by name from the gazetteer.
    private static func day(_ date: String, _ id: String) throws -> PlaceDay {
        let placeID = try #require(PlaceID(id))
        let place = try #require(try gazetteer.place(placeID), "\(id)")
        var lineage = PlaceLineage<PlaceLink>()
        for link in place.lineage + [Place.Ancestor(id: place.id, name: place.name)] {
            lineage[link.id.kind] = PlaceLink(id: link.id.description, name: link.name)
        }
        var row = PlaceDay(date: date, status: .visit)
        row.places = PlaceDay.Places(lineage)
        row.photos = 1
        return row
    }

    /// The date `n` days after 2020-01-01.
    private static func date(_ n: Int) -> String {
        let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: n, to: Date(timeIntervalSince1970: 1_577_836_800))!
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: day)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    private static func milestones(_ rows: [PlaceDay]) throws -> [String: Milestone] {
        let all = try Passport(days: rows, tracks: [], marks: []).milestones(scheme: un, gazetteer: gazetteer)
        return Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The places of `kind` below `parent`, as the gazetteer's browsing lists them.
    private static func places(below parent: String, _ kind: PlaceKind) throws -> [Place] {
        try gazetteer.children(of: PlaceID(parent), kind: kind, limit: 10_000)
    }

    @Test func everyContinentOnTheDayOfTheSeventh() throws {
        let continents = ["AF", "AS", "EU", "NA", "OC", "SA", "AN"].map { "continent:" + $0 }
        let rows = try continents.enumerated().map { try Self.day(Self.date($0.offset * 30), $0.element) }
        let before = try #require(try Self.milestones(Array(rows.dropLast()))["continents"])
        #expect(!before.isReached && before.done == 6 && before.total == 7 && before.reached == nil)
        #expect(before.missing.map(\.id) == ["continent:AN"])
        let after = try #require(try Self.milestones(rows)["continents"])
        #expect(after.isReached && after.reached == Self.date(180) && after.place?.id == "continent:AN" && after.missing.isEmpty)
    }

    /// Antarctica known from an undated mark: every continent is complete, on no known date.
    @Test func anUndatedMarkCompletesWithoutADate() throws {
        let rows = try ["AF", "AS", "EU", "NA", "OC", "SA"].enumerated().map { try Self.day(Self.date($0.offset), "continent:" + $0.element) }
        var mark = Mark(placeID: "continent:AN", placeName: "Antarctica")
        mark.continent = PlaceLink(id: "continent:AN", name: "Antarctica")
        let all = try Passport(days: rows, tracks: [], marks: [mark]).milestones(scheme: Self.un, gazetteer: Self.gazetteer)
        let continents = try #require(all.first { $0.id == "continents" })
        #expect(continents.isReached && continents.reached == Self.date(5) && continents.place?.id == "continent:SA")
        let onlyMarks = try Passport(days: [], tracks: [], marks: [mark]).milestones(scheme: Self.un, gazetteer: Self.gazetteer)
        #expect(onlyMarks.first { $0.id == "continents" }?.done == 1)
    }

    @Test func tenTwentyFiveFiftyAndAHundredCountriesOnTheDayOfTheLastOne() throws {
        // Antarctica first: a place the UN scheme does not count never brings a milestone nearer.
        let counted = Self.un.countries.sorted()
        let rows = try [Self.day(Self.date(0), "country:AQ")] + counted.prefix(100).enumerated().map { try Self.day(Self.date($0.offset + 1), $0.element) }
        let m = try Self.milestones(rows)
        for n in [10, 25, 50, 100] {
            let goal = try #require(m["countries-\(n)"])
            #expect(goal.isReached && goal.done == n && goal.total == n, "\(n)")
            #expect(goal.reached == Self.date(n) && goal.place?.id == counted[n - 1], "\(n)")
        }
        let short = try #require(try Self.milestones(Array(rows.prefix(20)))["countries-25"])
        #expect(!short.isReached && short.done == 19 && short.reached == nil && short.missing.isEmpty)
    }

    @Test func everyUSStateLeavesTheDistrictOfColumbiaOut() throws {
        let regions = try Self.places(below: "country:US", .region)
        let states = regions.filter { $0.name != "District of Columbia" }
        #expect(states.count == 50)
        let missing = ["Alaska", "Hawaii", "North Dakota"]
        let most = states.filter { !missing.contains($0.name) }
        // Washington, D.C. on the last day counts for nothing here.
        var rows = try most.enumerated().map { try Self.day(Self.date($0.offset), $0.element.id.description) }
        rows.append(try Self.day(Self.date(400), "region:US.DC"))
        let near = try #require(try Self.milestones(rows)["regions:US"])
        #expect(near.title == "Every US state" && near.done == 47 && near.total == 50 && near.missing.map(\.name) == missing)
        let last = try #require(states.first { $0.name == "North Dakota" })
        rows += try [Self.day(Self.date(300), "region:US.AK"), Self.day(Self.date(301), "region:US.HI"),
                     Self.day(Self.date(302), last.id.description)]
        let all = try Self.milestones(rows)
        let done = try #require(all["regions:US"])
        #expect(done.isReached && done.reached == Self.date(302) && done.place?.name == "North Dakota")
        // One milestone for the states: the country's own (every region of it) gives way.
        #expect(all.keys.filter { $0 == "regions:US" }.count == 1)
    }

    @Test func everyProvinceAndTerritoryOfCanada() throws {
        let provinces = try Self.places(below: "country:CA", .region)
        #expect(provinces.count == 13)
        let rows = try provinces.reversed().enumerated().map { try Self.day(Self.date(2 * $0.offset), $0.element.id.description) }
        let m = try #require(try Self.milestones(rows)["regions:CA"])
        #expect(m.isReached && m.total == 13 && m.reached == Self.date(24) && m.place?.id == provinces.first?.id.description)
    }

    @Test func everyRegionOfACountryVisited() throws {
        let italy = try Self.places(below: "country:IT", .region)
        #expect(italy.count == 20)
        let rows = try italy.enumerated().map { try Self.day(Self.date(10 + $0.offset), $0.element.id.description) }
        let m = try #require(try Self.milestones(rows)["regions:IT"])
        #expect(m.title == "Every region of Italy" && m.isReached && m.reached == Self.date(29) && m.place?.id == italy.last?.id.description)
        // Only the countries visited have such a milestone, and only the goals begun: no province
        // of Italy was visited (a log from before subregions), so none asks for every one.
        let m2 = try Self.milestones(rows)
        #expect(m2["regions:FR"] == nil && m2["subregions:IT"] == nil && !m2.keys.contains { $0.hasPrefix("subregions:") })
    }

    @Test func everyCountyOfAStateAndEveryDepartementOfFrance() throws {
        let california = try Self.places(below: "region:US.CA", .subregion)
        #expect(california.count == 58)
        var rows = try california.enumerated().map { try Self.day(Self.date($0.offset), $0.element.id.description) }
        let france = try Self.places(below: "country:FR", .subregion)
        rows += try france.enumerated().map { try Self.day(Self.date(100 + $0.offset), $0.element.id.description) }
        let m = try Self.milestones(rows)
        let counties = try #require(m["subregions:US.CA"])
        #expect(counties.title == "Every county of California" && counties.isReached && counties.total == 58)
        #expect(counties.reached == Self.date(57) && counties.place?.id == california.last?.id.description)
        let departements = try #require(m["subregions:FR"])
        #expect(departements.title.contains("department of France") && departements.total == france.count && departements.isReached)
        #expect(departements.reached == Self.date(100 + france.count - 1))
        // The whole United States is far off: 58 of its counties.
        let us = try #require(m["subregions:US"])
        #expect(!us.isReached && us.done == 58 && us.total > 3_000 && us.missing.count == us.total - 58)
    }

    @Test func reachedOnesComeFirstInTheOrderReached() throws {
        let rows = try ["AF", "AS", "EU", "NA", "OC", "SA", "AN"].enumerated().map { try Self.day(Self.date(500 - $0.offset), "continent:" + $0.element) }
            + Self.un.countries.sorted().prefix(10).enumerated().map { try Self.day(Self.date($0.offset), $0.element) }
        let all = try Passport(days: rows, tracks: [], marks: []).milestones(scheme: Self.un, gazetteer: Self.gazetteer)
        #expect(all.prefix(2).map(\.id) == ["countries-10", "continents"])
        #expect(all.dropFirst(2).allSatisfy { !$0.isReached })
        let shares = all.dropFirst(2).map { Double($0.done) / Double($0.total) }
        #expect(shares == shares.sorted(by: >))
    }
}
