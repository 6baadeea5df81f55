import Foundation
import Testing
@testable import Gazetteer

/// Every ranking rule of `Gazetteer.search`, on the real gazetteer.
@Suite struct GazetteerSearchTests {
    static let gazetteer = try! Gazetteer.open()
    var gazetteer: Gazetteer { Self.gazetteer }

    private func ids(_ text: String, limit: Int = 20, kind: PlaceKind? = nil, within: String? = nil) throws -> [String] {
        try gazetteer.search(SearchQuery(text: text, kind: kind, within: within.flatMap(PlaceID.init), limit: limit)).map(\.place.id.description)
    }

    @Test func airportCodeComesFirst() throws {
        let results = try gazetteer.search(SearchQuery(text: "LAX"))
        #expect(results.first?.place.id.description == "airport:LAX")
        #expect(results.first?.match == .exact)
        #expect(try ids("lax").first == "airport:LAX")
        #expect(try ids("KLAX").first == "airport:LAX")   // ICAO
        #expect(try ids("RJBB").first == "airport:KIX")
    }

    /// Each result carries the importance it was ranked by: log10 of the population for a city
    /// found by its name, descending within a match class.
    @Test func resultsCarryTheirRankingScore() throws {
        let results = try gazetteer.search(SearchQuery(text: "paris", limit: 10))
        let paris = try #require(results.first)
        #expect(paris.place.id.description == "city:2988507")
        #expect(abs(paris.score - log10(Double(paris.place.population))) < 1e-9)
        for (a, b) in zip(results, results.dropFirst()) where a.match == b.match { #expect(a.score >= b.score) }
    }

    @Test func kyotoGivesTheCityAndThePrefecture() throws {
        #expect(Set(try ids("kyoto", limit: 2)) == ["city:1857910", "region:JP.22"])
        #expect(Set(try ids("Kyōto", limit: 2)) == ["city:1857910", "region:JP.22"])
    }

    @Test func georgiaGivesTheCountryAndTheState() throws {
        #expect(Set(try ids("georgia", limit: 2)) == ["country:GE", "region:US.GA"])
    }

    @Test func sanListsMajorCitiesBeforeObscureOnes() throws {
        let results = try gazetteer.search(SearchQuery(text: "san", limit: 30))
        let ids = results.map(\.place.id.description)
        let majors = ["city:5391959", "city:5391811", "city:4726206", "city:5392171", "city:3871336"]  // SF, SD, SA, SJ, Santiago
        for major in majors { #expect(ids.contains(major), "\(major) missing from \(ids)") }
        // Among prefix matches, no small place precedes a major city.
        let lastMajor = try #require(majors.compactMap { ids.firstIndex(of: $0) }.max())
        for r in results[..<lastMajor] where r.match == .prefix && r.place.kind == .city {
            #expect(r.place.population >= 500_000, "\(r.place.name) (\(r.place.population)) before a major city")
        }
    }

    @Test func foldingFindsAccentedNames() throws {
        #expect(try ids("sao paulo", limit: 2).contains("city:3448439"))
        #expect(try ids("SÃO PAULO", limit: 2).contains("city:3448439"))
        #expect(try ids("zurich", limit: 2).contains("city:2657896"))
        #expect(try ids("zurich") == ids("Zürich"))
        #expect(try ids("Ｚｕｒｉｃｈ") == ids("zurich"))
    }

    /// Letters FTS5 does not fold (ł, ø) are found through the tables' folded names when the
    /// index finds nothing.
    @Test func lettersTheIndexDoesNotFold() throws {
        let bialystok = try gazetteer.search(SearchQuery(text: "bialystok"))
        #expect(bialystok.first?.place.id.description == "city:776069")
        #expect(bialystok.first?.match == .exact)
        #expect(try ids("slupsk").first == "city:3085450")
        #expect(try ids("slupsk", kind: .region).isEmpty)
    }

    /// Exact and prefix matches rank together by importance; matches of words inside names follow.
    @Test(arguments: ["san", "kyoto", "georgia", "lon", "new york", "sa", "paris france", "LAX"])
    func otherMatchesComeLast(text: String) throws {
        let matches = try gazetteer.search(SearchQuery(text: text, limit: 100)).map(\.match)
        #expect(!matches.isEmpty)
        #expect(matches.map { $0 == .other } == matches.map { $0 == .other }.sorted { !$0 && $1 })
    }

    @Test func exactBeforePrefixBeforeOther() throws {
        let results = try gazetteer.search(SearchQuery(text: "paris", limit: 50))
        #expect(results.first?.place.id.description == "city:2988507")
        #expect(results.first?.match == .exact)
        #expect(results.contains { $0.match == .prefix })   // Parish…, Parisot…
        let prefix = try gazetteer.search(SearchQuery(text: "berl", limit: 5))
        #expect(prefix.first?.place.id.description == "city:2950159")
        #expect(prefix.first?.match == .prefix)
        let other = try gazetteer.search(SearchQuery(text: "paris france", limit: 5))
        #expect(other.first?.place.id.description == "city:2988507")
        #expect(other.first?.match == .other)
    }

    @Test(arguments: [("jordan", "country:JO"), ("chad", "country:TD"), ("antarctica", "continent:AN"),
                      ("monaco", "country:MC"), ("europe", "continent:EU"), ("luxembourg", "country:LU")])
    func continentsAndCountriesNeverSinkBelowVillages(text: String, id: String) throws {
        #expect(try ids(text).first == id)
    }

    @Test func populousCitiesComeFirst() throws {
        let springfields = try gazetteer.search(SearchQuery(text: "springfield", kind: .city, limit: 20))
        let populations = springfields.filter { $0.match == .exact }.map(\.place.population)
        #expect(populations.count > 5)
        #expect(populations == populations.sorted(by: >))
    }

    @Test func largeAirportsBeforeSmallOnes() throws {
        let airports = try gazetteer.search(SearchQuery(text: "international", kind: .airport, limit: 200))
        let order: [String: Int] = ["large": 0, "medium": 1, "small": 2]
        for match in SearchResult.Match.allCases {
            let sizes = airports.filter { $0.match == match }.compactMap { $0.place.detail.flatMap { order[$0] } }
            #expect(sizes == sizes.sorted())
        }
        #expect(airports.first?.place.detail == "large")
    }

    @Test func codesOfEveryForm() throws {
        #expect(try ids("JP").first == "country:JP")
        #expect(try ids("jpn").first == "country:JP")
        #expect(try ids("US-MT").first == "region:US.MT")
        #expect(try ids("JP-26").first == "region:JP.22")
        #expect(try ids("KIX").first == "airport:KIX")
    }

    @Test func kindFilter() throws {
        let results = try gazetteer.search(SearchQuery(text: "sa", kind: .country, limit: 10))
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.place.kind == .country })
        #expect(results.first?.place.id.description == "country:SA")
    }

    @Test(arguments: ["country:JP", "region:JP.22", "continent:EU", "country:GE"])
    func withinFilter(scope: String) throws {
        let id = try #require(PlaceID(scope))
        for text in ["kyo", "sa", "georgia", "ber"] {
            let results = try gazetteer.search(SearchQuery(text: text, within: id, limit: 15))
            #expect(results.allSatisfy { $0.place.lineage.contains { $0.id == id } }, "\(text) in \(scope)")
        }
        #expect(try ids("kyoto", within: "country:JP").prefix(2).sorted() == ["city:1857910", "region:JP.22"])
        #expect(try ids("uji", within: "region:JP.22").first == "city:1849372")
        #expect(try ids("tbilisi", within: "country:GE").first == "region:GE.51" || ids("tbilisi", within: "country:GE").first == "city:611717")
    }

    @Test func nearBiasPrefersTheNearerOfComparablePlaces() throws {
        let illinois = GeoCoordinate(latitude: 39.80, longitude: -89.64)
        let near = try gazetteer.search(SearchQuery(text: "springfield", near: illinois, limit: 5))
        #expect(near.first?.place.id.description == "city:4250542")
        #expect((near.first?.distanceKm ?? .infinity) < 10)
        let plain = try gazetteer.search(SearchQuery(text: "springfield", limit: 5))
        #expect(plain.first?.place.id.description != "city:4250542")
        #expect(plain.allSatisfy { $0.distanceKm == nil })
        // The bias never lifts a match of words inside names over an exact or prefix one.
        let maine = GeoCoordinate(latitude: 43.66, longitude: -70.26)
        #expect(try gazetteer.search(SearchQuery(text: "portland", limit: 1)).first?.place.id.description == "city:5746545")
        let portland = try gazetteer.search(SearchQuery(text: "portland", near: maine, limit: 10))
        #expect(portland.first?.place.id.description == "city:4975802")   // Portland, Maine
        let maineOther = try gazetteer.search(SearchQuery(text: "portland maine", near: maine, limit: 60)).map(\.match)
        #expect(maineOther.map { $0 == .other } == maineOther.map { $0 == .other }.sorted { !$0 && $1 })
        // A gentle bias: Paris, France still outranks Paris, Texas seen from Texas.
        let paris = try gazetteer.search(SearchQuery(text: "paris", near: GeoCoordinate(latitude: 33.66, longitude: -95.55), limit: 3))
        #expect(paris.map(\.place.id.description).contains("city:4717560"))
    }

    @Test(arguments: ["", "   ", "\"", "\"kyoto", "kyoto\"", "*", "^", ":", "()", "NEAR(", "AND", "OR NOT",
                      "\u{0}\u{1}\u{7F}", "name:kyoto", "{name}: kyoto", "kyoto*", "\"\"*^", "Москва東京paris'\"(",
                      String(repeating: "x", count: 10_000), String(repeating: "(\"*", count: 3_000)])
    func hostileInputNeverFails(text: String) throws {
        let results = try gazetteer.search(SearchQuery(text: text, limit: 5))
        #expect(results.count <= 5)
        if SearchText(text).tokens.isEmpty { #expect(results.isEmpty) }
    }

    @Test func hostileInputStillFinds() throws {
        #expect(try ids("\"kyoto", limit: 2).contains("city:1857910"))
        #expect(try ids("kyoto*)", limit: 2).contains("city:1857910"))
        #expect(try ids("kyoto:").contains("city:1857910"))
        #expect(try ids("name:kyoto").isEmpty)   // two words, "name" and "kyoto", as typed
        #expect(try !ids("Москва").isEmpty)
        #expect(try ids("東京", limit: 3).contains("region:JP.40"))
    }

    @Test func concurrentSearchesAgree() throws {
        let texts = ["sa", "kyoto", "LAX", "georgia", "san", "zurich", "la", "bialystok"]
        let expected = try texts.map { try ids($0) }
        let lock = NSLock()
        nonisolated(unsafe) var results = Array(repeating: [String](), count: texts.count * 4)
        DispatchQueue.concurrentPerform(iterations: texts.count * 4) { i in
            let found = (try? Self.gazetteer.search(SearchQuery(text: texts[i % texts.count])).map(\.place.id.description)) ?? []
            lock.withLock { results[i] = found }
        }
        for (i, found) in results.enumerated() { #expect(found == expected[i % texts.count], "\(texts[i % texts.count])") }
    }

    /// Every alternate name of a city is in the index, and a whole alternate name is an exact
    /// match: the native name finds the city first, before towns whose own name it is.
    @Test(arguments: [("münchen", "city:2867714"), ("munchen", "city:2867714"), ("roma", "city:3169070"),
                      ("firenze", "city:3176959"), ("wien", "city:2761369"), ("москва", "city:524901"),
                      ("lisboa", "city:2267057"), ("praha", "city:3067696"), ("prague", "city:3067696"),
                      ("vienna", "city:2761369")])
    func nativeAndEnglishNamesFindTheCity(text: String, id: String) throws {
        let first = try #require(try gazetteer.search(SearchQuery(text: text, kind: .city, limit: 5)).first)
        #expect(first.place.id.description == id, "\(text): \(first.place.name)")
        #expect(first.match == .exact)
    }

    @Test func aWholeAlternateNameIsExactAPartIsNot() throws {
        // "york" is a word of New York's names, not a whole name: York, England stays first.
        #expect(try ids("york", kind: .city).first == "city:2633352")
        // Rome by its Italian name is an exact match; Romania, eight times larger, starts so.
        #expect(try ids("roma", limit: 2) == ["country:RO", "city:3169070"])
        // Other places' names among a city's alternate names do not push a city out of first place
        // (Victoria, British Columbia: Hong Kong's Victoria is a district of Hong Kong).
        for (text, id) in [("zaragoza", "city:3104324"), ("victoria", "city:6174041"), ("islamabad", "city:1176615"),
                           ("cancún", "city:3531673")] {
            #expect(try ids(text, kind: .city).first == id, "\(text)")
        }
    }

    @Test func displayNamesAsPeopleWriteThem() throws {
        for text in ["reunion", "réunion", "Réunion"] {
            let first = try #require(try gazetteer.search(SearchQuery(text: text, kind: .country, limit: 3)).first)
            #expect(first.place.id.description == "country:RE")
            #expect(first.place.name == "Réunion")
        }
        #expect(try gazetteer.place(try #require(PlaceID("country:AX")))?.name == "Åland Islands")
        #expect(try gazetteer.place(try #require(PlaceID("country:CW")))?.name == "Curaçao")
        #expect(try gazetteer.place(try #require(PlaceID("country:CI")))?.name == "Côte d'Ivoire")
        #expect(try ids("ivory coast", kind: .country).first == "country:CI")
        // Inverted ISO 3166 names read in natural order (as native names beside the English
        // ones), and the inverted form still finds them.
        #expect(try gazetteer.place(try #require(PlaceID("region:ES.29")))?.nativeName == "Comunidad de Madrid")
        #expect(try gazetteer.place(try #require(PlaceID("region:CZ.52")))?.nativeName == "Hlavní město Praha")
        #expect(try ids("madrid comunidad de", kind: .region).first == "region:ES.29")
    }

    @Test func limitsAndDeterminism() throws {
        #expect(try ids("a", limit: 7).count == 7)
        #expect(try ids("san", limit: 0).isEmpty)
        #expect(try ids("san", limit: 25) == ids("san", limit: 25))
        #expect(try ids("no such place qqqxz").isEmpty)
    }
}
