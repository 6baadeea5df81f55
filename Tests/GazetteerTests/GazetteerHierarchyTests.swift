import Foundation
import Testing
import SQLite
@testable import Gazetteer

/// Children, parents and counts, checked against the manifest of the real gazetteer.
@Suite struct GazetteerHierarchyTests {
    static let gazetteer = try! Gazetteer.open()
    var gazetteer: Gazetteer { Self.gazetteer }

    private func manifestCounts() throws -> [String: Int] {
        let url = URL(fileURLWithPath: gazetteer.path).deletingLastPathComponent().appendingPathComponent("manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return try #require(object?["counts"] as? [String: Int])
    }

    private func count(_ kind: PlaceKind, below parent: PlaceID?) throws -> Int {
        try gazetteer.childCounts(of: parent).first { $0.kind == kind }?.count ?? 0
    }

    @Test func worldCountsEqualTheManifest() throws {
        let manifest = try manifestCounts()
        let world = try gazetteer.childCounts(of: nil)
        #expect(world.map(\.kind) == PlaceKind.allCases)
        // The manifest counts the rows of the cities table, districts included.
        let expected: [PlaceKind: Int?] = [.continent: manifest["continents"], .country: manifest["countries"], .region: manifest["regions"],
                                           .subregion: manifest["subregions"],
                                           .city: manifest["cities"].flatMap { c in manifest["districts"].map { c - $0 } },
                                           .district: manifest["districts"], .airport: manifest["airports"]]
        for (kind, count) in world {
            #expect(count == expected[kind] ?? nil, "\(kind)")
        }
    }

    @Test func countsAddUpLevelByLevel() throws {
        let manifest = try manifestCounts()
        let continents = try gazetteer.children(of: nil)
        #expect(continents.count == manifest["continents"])
        var countries = 0, cities = 0, districts = 0, airports = 0
        for continent in continents {
            countries += try count(.country, below: continent.id)
            cities += try count(.city, below: continent.id)
            districts += try count(.district, below: continent.id)
            airports += try count(.airport, below: continent.id)
        }
        #expect(countries == manifest["countries"])
        #expect(cities + districts == manifest["cities"])
        #expect(districts == manifest["districts"])
        #expect(airports == manifest["airports"])
        var regions = 0
        for country in try gazetteer.children(of: nil, kind: .country, limit: 1_000) {
            regions += try count(.region, below: country.id)
        }
        #expect(regions == manifest["regions"])
    }

    @Test func japanHas47Prefectures() throws {
        let japan = try #require(PlaceID("country:JP"))
        #expect(try count(.region, below: japan) == 47)
        let prefectures = try gazetteer.children(of: japan)
        #expect(prefectures.count == 47)
        #expect(prefectures.allSatisfy { $0.kind == .region && $0.ancestor(.country)?.id == japan })
        #expect(prefectures.map(\.name) == prefectures.map(\.name).sorted())
    }

    @Test func citiesComeByPopulationAndPage() throws {
        let kyoto = try #require(PlaceID("region:JP.22"))
        let all = try gazetteer.children(of: kyoto, limit: 1_000)
        #expect(all.count == (try count(.city, below: kyoto)))
        #expect(all.first?.id == PlaceID("city:1857910"))
        #expect(all.map(\.population) == all.map(\.population).sorted(by: >))
        let first = try gazetteer.children(of: kyoto, limit: 10)
        let second = try gazetteer.children(of: kyoto, limit: 10, offset: 10)
        #expect(first + second == Array(all.prefix(20)))
        #expect(try gazetteer.children(of: kyoto, offset: 100_000).isEmpty)
    }

    @Test func otherKindsBelowAPlace() throws {
        let japan = try #require(PlaceID("country:JP"))
        let airports = try gazetteer.children(of: japan, kind: .airport, limit: 500)
        #expect(airports.count == (try count(.airport, below: japan)))
        #expect(airports.first?.detail == "large")
        #expect(airports.contains { $0.id == PlaceID("airport:KIX") })
        #expect(try gazetteer.children(of: PlaceID("region:JP.22"), kind: .country).isEmpty)
        // Below a city lie only its districts; below a district, nothing.
        let kyoto = try #require(PlaceID("city:1857910"))
        #expect(try gazetteer.children(of: kyoto, kind: .airport).isEmpty)
        #expect(try gazetteer.childCounts(of: kyoto).map(\.kind) == [.district])
        #expect(try gazetteer.children(of: kyoto).allSatisfy { $0.kind == .district })
        let district = try #require(try gazetteer.children(of: kyoto).first)
        #expect(try gazetteer.childCounts(of: district.id).isEmpty)
    }

    @Test func countryWithoutRegionsListsItsCities() throws {
        let code = try gazetteer.withDatabase { db in
            try db.prepare("SELECT iso2 FROM countries WHERE iso2 NOT IN (SELECT country FROM regions) AND iso2 IN (SELECT country FROM cities) ORDER BY iso2").scalarString()
        }
        let country = PlaceID(.country, try #require(code))
        let children = try gazetteer.children(of: country)
        #expect(!children.isEmpty)
        #expect(children.allSatisfy { $0.kind == .city })
    }

    @Test func parentsWalkUpTheLineage() throws {
        #expect(try gazetteer.parent(of: PlaceID("city:1857910")!)?.id == PlaceID("region:JP.22"))
        #expect(try gazetteer.parent(of: PlaceID("airport:KIX")!)?.id == PlaceID("region:JP.32"))
        #expect(try gazetteer.parent(of: PlaceID("region:JP.22")!)?.id == PlaceID("country:JP"))
        #expect(try gazetteer.parent(of: PlaceID("country:JP")!)?.id == PlaceID("continent:AS"))
        #expect(try gazetteer.parent(of: PlaceID("continent:AS")!) == nil)
        #expect(try gazetteer.parent(of: PlaceID("city:999999999")!) == nil)
    }

    @Test func aDistrictHasItsCityInItsLineageAndTheCityListsIt() throws {
        let lyon05 = try #require(try gazetteer.place(PlaceID(.district, "6543971")))
        #expect(lyon05.name == "Lyon 05")
        #expect(lyon05.lineage.map(\.id.description) == ["continent:EU", "country:FR", "region:FR.84", "city:2996944"])
        #expect(try gazetteer.parent(of: lyon05.id)?.name == "Lyon")
        // One identifier, one kind: a district is no city, and a city no district.
        #expect(try gazetteer.place(PlaceID(.city, "6543971")) == nil)
        #expect(try gazetteer.place(PlaceID(.district, "2996944")) == nil)
        let districts = try gazetteer.children(of: PlaceID(.city, "2996944"))
        #expect(districts.allSatisfy { $0.kind == .district && $0.lineage.last?.id == PlaceID(.city, "2996944") })
        #expect(Set(districts.map(\.name)).isSuperset(of: (1...9).map { "Lyon 0\($0)" }))
        #expect(try count(.district, below: PlaceID(.city, "2996944")) == districts.count)
        // A region lists its cities, not their districts.
        let rhone = try gazetteer.children(of: PlaceID(.region, "FR.84"), limit: 1_000)
        #expect(rhone.contains { $0.name == "Lyon" } && !rhone.contains { $0.name == "Lyon 05" })
        #expect(try gazetteer.children(of: lyon05.id).isEmpty)
    }

    /// The subregions of a country or region are read as a range of identifiers: every one must
    /// begin with its region's code and a dot, and its region with its country's.
    @Test func everySubregionIdentifierBeginsWithItsRegionsCode() throws {
        let rows = try gazetteer.withDatabase { db in
            let s = try db.prepare("SELECT id, country, region FROM subregions")
            var rows: [(id: String, country: String, region: String?)] = []
            while try s.step() { rows.append((s.string(0) ?? "", s.string(1) ?? "", s.string(2))) }
            return rows
        }
        #expect(rows.count > 40_000)
        let astray = rows.filter { !$0.id.hasPrefix(($0.region ?? "\u{0}") + ".") || !($0.region ?? "").hasPrefix($0.country + ".") }
        #expect(astray.isEmpty, "\(astray.prefix(5))")
        // The range gives what the columns say, for a state, a country and one with an unlikely code.
        for parent in ["region:US.CA", "country:FR", "region:IT.09", "country:GB"] {
            let id = try #require(PlaceID(parent))
            let listed = try gazetteer.names(below: id, kind: .subregion).map(\.id.description)
            let column = id.kind == .country ? { (r: (id: String, country: String, region: String?)) in r.country == id.code }
                                             : { (r: (id: String, country: String, region: String?)) in r.region == id.code }
            #expect(Set(listed) == Set(rows.filter(column).map { "subregion:" + $0.id }), "\(parent)")
            #expect(listed == (try gazetteer.children(of: id, kind: .subregion, limit: 10_000)).map(\.id.description), "\(parent)")
        }
    }
}

/// `childCounts` reads the counts the build stored; here they are counted again from the rows
/// themselves, in Swift, for a sample of parents.
@Suite(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
struct GazetteerChildCountTests {
    /// One place below the world: its kind and where it lies (the row's own columns).
    struct Row {
        let kind: PlaceKind
        let continent: String?
        let country: String?
        let region: String?
        let city: String?
    }

    static let gazetteer = try! Gazetteer.open()
    /// Every continent, country, region, city, district and airport, read straight from its table.
    static let rows: [Row] = try! gazetteer.withDatabase { db in
        var rows: [Row] = []
        func read(_ sql: String, _ make: (Statement) -> Row) throws {
            let s = try db.prepare(sql)
            while try s.step() { rows.append(make(s)) }
        }
        var continentOf: [String: String] = [:]
        let countries = try db.prepare("SELECT iso2, continent FROM countries")
        while try countries.step() { continentOf[countries.string(0)!] = countries.string(1)! }
        try read("SELECT code FROM continents") { _ in Row(kind: .continent, continent: nil, country: nil, region: nil, city: nil) }
        try read("SELECT iso2, continent FROM countries") { Row(kind: .country, continent: $0.string(1), country: nil, region: nil, city: nil) }
        try read("SELECT country FROM regions") { Row(kind: .region, continent: continentOf[$0.string(0)!], country: $0.string(0), region: nil, city: nil) }
        try read("SELECT country, region, city FROM cities") {
            Row(kind: $0.isNull(2) ? .city : .district, continent: continentOf[$0.string(0)!], country: $0.string(0), region: $0.string(1),
                city: $0.optionalInt(2).map(String.init))
        }
        try read("SELECT country, region FROM subregions") { Row(kind: .subregion, continent: continentOf[$0.string(0)!], country: $0.string(0), region: $0.string(1), city: nil) }
        try read("SELECT country, region FROM airports") { Row(kind: .airport, continent: continentOf[$0.string(0)!], country: $0.string(0), region: $0.string(1), city: nil) }
        return rows
    }

    /// The counts below `parent` by kind, from the rows: what lies in it, kind by kind.
    static func counted(below parent: PlaceID?) -> [(kind: PlaceKind, count: Int)] {
        let kinds: [PlaceKind]
        switch parent?.kind {
        case nil: kinds = PlaceKind.allCases
        case .continent?: kinds = [.country, .region, .subregion, .city, .district, .airport]
        case .country?: kinds = [.region, .subregion, .city, .district, .airport]
        case .region?: kinds = [.subregion, .city, .district, .airport]
        case .city?: kinds = [.district]
        case .subregion?, .district?, .airport?: kinds = []
        }
        let inside: (Row) -> Bool = switch parent?.kind {
        case nil: { _ in true }
        case .continent?: { $0.continent == parent!.code }
        case .country?: { $0.country == parent!.code }
        case .region?: { $0.region == parent!.code }
        default: { $0.city == parent!.code }
        }
        var count: [PlaceKind: Int] = [:]
        for row in rows where inside(row) { count[row.kind, default: 0] += 1 }
        return kinds.map { ($0, count[$0] ?? 0) }
    }

    /// A country with cities and no regions, found in the data.
    static func countryWithoutRegions() throws -> PlaceID {
        let code = try gazetteer.withDatabase { db in
            try db.prepare("SELECT iso2 FROM countries WHERE iso2 NOT IN (SELECT country FROM regions) AND iso2 IN (SELECT country FROM cities) ORDER BY iso2").scalarString()
        }
        return PlaceID(.country, try #require(code))
    }

    static let sample = ["continent:EU", "continent:AN", "country:JP", "country:US", "region:US.CA", "region:FR.84", "region:JP.22",
                         "city:2996944", "city:1857910", "city:3169070", "district:6543971", "airport:KIX", "country:ZZ"]

    @Test func countsEqualTheRowsForASample() throws {
        var parents: [PlaceID?] = [nil, try Self.countryWithoutRegions()]
        parents += Self.sample.map { PlaceID($0)! }
        for parent in parents {
            let stored = try Self.gazetteer.childCounts(of: parent)
            let counted = Self.counted(below: parent)
            #expect(stored.map(\.kind) == counted.map(\.kind), "\(parent?.description ?? "world")")
            #expect(stored.map(\.count) == counted.map(\.count), "\(parent?.description ?? "world")")
        }
        // The sample holds what it is meant to: districts below Lyon, no region in the country.
        #expect(try Self.gazetteer.childCounts(of: PlaceID("city:2996944")).first?.count ?? 0 >= 9)
        #expect(try Self.gazetteer.childCounts(of: Self.countryWithoutRegions()).first { $0.kind == .region }?.count == 0)
    }

    @Test func manyParentsInOneCall() throws {
        let noRegions = try Self.countryWithoutRegions()
        let parents = [PlaceID("country:JP")!, PlaceID("country:US")!, noRegions, PlaceID("country:ZZ")!, PlaceID("country:JP")!,
                       PlaceID("continent:EU")!, PlaceID("region:JP.22")!]
        let regions = try Self.gazetteer.childCounts(of: parents, kind: .region)
        #expect(regions.count == 6)
        for parent in parents {
            #expect(regions[parent] == Self.counted(below: parent).first { $0.kind == .region }?.count ?? 0, "\(parent)")
        }
        #expect(regions[PlaceID("country:JP")!] == 47)
        let cities = try Self.gazetteer.childCounts(of: parents, kind: .city)
        #expect(cities[PlaceID("region:JP.22")!] == Self.counted(below: PlaceID("region:JP.22")).first { $0.kind == .city }?.count)
        #expect(try Self.gazetteer.childCounts(of: [], kind: .region).isEmpty)
    }

    @Test func aRegionListsTheCitiesThatNameIt() throws {
        for code in ["US.CA", "FR.84", "JP.22"] {
            let listed = try Self.gazetteer.children(of: PlaceID(.region, code), limit: 100_000)
            let expected = try Self.gazetteer.withDatabase { db in
                let s = try db.prepare("SELECT geonameid FROM cities WHERE region = ? AND city IS NULL ORDER BY population DESC, geonameid").bind(code)
                var ids: [PlaceID] = []
                while try s.step() { ids.append(PlaceID(.city, String(s.int(0)))) }
                return ids
            }
            #expect(listed.map(\.id) == expected, "\(code)")
            let airports = try Self.gazetteer.children(of: PlaceID(.region, code), kind: .airport, limit: 10_000)
            #expect(airports.count == Self.counted(below: PlaceID(.region, code)).first { $0.kind == .airport }?.count)
        }
    }
}
