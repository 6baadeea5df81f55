import Foundation
import Testing
@testable import Gazetteer

/// Search finds the subregions (#35): counties, départements and provinces by name, alternate
/// name and ISO code, after the towns they are named after.
@Suite struct GazetteerSearchSubregionTests {
    static let gazetteer = try! Gazetteer.open()
    var gazetteer: Gazetteer { Self.gazetteer }

    private func ids(_ text: String, limit: Int = 20, kind: PlaceKind? = nil) throws -> [String] {
        try gazetteer.search(SearchQuery(text: text, kind: kind, limit: limit)).map(\.place.id.description)
    }

    @Test func losAngelesCountyIsTheCounty() throws {
        let first = try #require(gazetteer.search(SearchQuery(text: "Los Angeles County", limit: 5)).first)
        #expect(first.place.id.description == "subregion:US.CA.037")
        #expect(first.match == .exact)
        #expect(first.place.detail == "County")
        #expect(first.place.lineage.map(\.id.description) == ["continent:NA", "country:US", "region:US.CA"])
        #expect(try ids("los angeles cou", limit: 1) == ["subregion:US.CA.037"])
    }

    /// A plain "Los Angeles" means the city; the county, ten million people, follows it.
    @Test func losAngelesIsTheCityFirst() throws {
        let found = try ids("los angeles", limit: 5)
        #expect(found.first == "city:5368361")
        let county = try #require(found.firstIndex(of: "subregion:US.CA.037"))
        #expect(county > 0)
    }

    @Test func aFrenchDepartement() throws {
        let rhone = try #require(gazetteer.search(SearchQuery(text: "rhône", limit: 5)).first)
        #expect(rhone.place.id.description == "subregion:FR.84.69")
        #expect(rhone.match == .exact)
        #expect(rhone.place.detail == "Metropolitan department")
        #expect(try ids("Rhone", limit: 1) == ["subregion:FR.84.69"])
        // Its ISO 3166-2 code, whole, is exact; the bare number only an other match.
        let code = try #require(gazetteer.search(SearchQuery(text: "FR-69", limit: 1)).first)
        #expect(code.place.id.description == "subregion:FR.84.69" && code.match == .exact)
        #expect(try ids("Haute-Savoie", limit: 1) == ["subregion:FR.84.74"])
        #expect(try ids("Département du Rhône", limit: 1) == ["subregion:FR.84.69"])   // an alternate name
    }

    /// Italy's provinces are named after their capitals: the city first, then the province.
    @Test func anItalianProvince() throws {
        let bergamo = try ids("bergamo", limit: 5)
        #expect(bergamo.first == "city:3182164")
        #expect(bergamo.contains("subregion:IT.09.BG"))
        #expect(try ids("bergamo", kind: .subregion).first == "subregion:IT.09.BG")
        // Naples and Venice are found by their Italian names (alternate names) and still lead.
        for (name, city, province) in [("napoli", "city:3172394", "subregion:IT.04.NA"), ("venezia", "city:3164603", "subregion:IT.20.VE"),
                                       ("roma", "city:3169070", "subregion:IT.07.RM")] {
            let found = try ids(name, limit: 10)
            let c = try #require(found.firstIndex(of: city), "\(city) missing from \(found)")
            let p = try #require(found.firstIndex(of: province), "\(province) missing from \(found)")
            #expect(c < p, "\(name): \(found)")
        }
    }

    /// The town of the name before the county, when it is no smaller than a fortieth of it.
    @Test func orangeAndKent() throws {
        let orange = try ids("orange", limit: 10)
        let city = try #require(orange.firstIndex(of: "city:5379513"))
        let county = try #require(orange.firstIndex(of: "subregion:US.CA.059"))
        #expect(city < county)
        let kent = try ids("kent", limit: 10)
        let order = ["city:5799625", "subregion:GB.ENG.G5", "city:5159537"].compactMap { kent.firstIndex(of: $0) }
        #expect(order.count == 3 && order == order.sorted(), "\(kent)")   // Washington, the county, Ohio
    }

    @Test func kindFilterAndTheLargeCandidateSets() throws {
        // "co" starts tens of thousands of names: the rank index tells the kind of every row.
        let results = try gazetteer.search(SearchQuery(text: "co", kind: .subregion, limit: 30))
        #expect(results.count == 30)
        #expect(results.allSatisfy { $0.place.kind == .subregion })
        #expect(try ids("orange county", limit: 1, kind: .subregion) == ["subregion:US.CA.059"])
        #expect(try ids("orange", kind: .city).allSatisfy { $0.hasPrefix("city:") })
    }

    @Test func aSearchResultIsAPlace() throws {
        let found = try #require(gazetteer.search(SearchQuery(text: "Los Angeles County", limit: 1)).first)
        #expect(try gazetteer.place(found.place.id)?.name == "Los Angeles County")
        guard case .found(let place, let byName) = try gazetteer.resolvePlace("Los Angeles County") else {
            Issue.record("Los Angeles County not found")
            return
        }
        #expect(place.id.description == "subregion:US.CA.037" && byName)
        // A province named like the town in its region is not a rival to the town.
        guard case .found(let naples, _) = try gazetteer.resolvePlace("napoli") else {
            Issue.record("napoli is not one place")
            return
        }
        #expect(naples.id.description == "city:3172394")
    }

    @Test func theKindOfARowIsToldByItsPlace() {
        for kind in PlaceKind.allCases {
            let text = Array("\(kind.rawValue):X1".utf8)
            #expect(text.withUnsafeBytes { SearchRowFacts.kind(ofPlace: $0) } == kind)
        }
        for text in ["", "city", "town:1", "cities:1", ":1"] {
            #expect(Array(text.utf8).withUnsafeBytes { SearchRowFacts.kind(ofPlace: $0) } == nil)
        }
    }
}
