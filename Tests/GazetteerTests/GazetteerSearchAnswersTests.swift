import Testing
@testable import Gazetteer

/// The first answer a traveller expects, chosen by population and common usage (the largest
/// or best-known place of the name, checked against atlases and census figures, not read off
/// the gazetteer's ranking), on the real gazetteer.
@Suite(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
struct GazetteerSearchAnswersTests {
    static let gazetteer = try! Gazetteer.open()

    static let answers: [(query: String, first: String)] = [
        ("paris", "city:2988507"), ("london", "city:2643743"), ("tokyo", "city:1850147"), ("kyoto", "city:1857910"),
        ("sydney", "city:2147714"), ("moscow", "city:524901"), ("cairo", "city:360630"), ("lagos", "city:2332459"),
        ("berl", "city:2950159"),                      // Berlin, typed halfway
        ("new york", "city:5128581"),                  // New York City, before the state
        ("st petersburg", "city:498817"),              // Russia's second city, before Florida's
        ("saint petersburg", "city:498817"),
        ("ft worth", "city:4691930"), ("fort worth", "city:4691930"),
        ("saint louis", "city:4407066"),               // St. Louis, Missouri, before Saint-Louis, Senegal
        ("st. paul", "city:5045360"),                  // Saint Paul, Minnesota
        ("mt isa", "city:2065594"),                    // Mount Isa, Queensland
        ("mt vernon", "city:5127835"),                 // Mount Vernon, New York, the largest
        ("ft lauderdale", "city:4155966"),
        ("st john's", "city:6324733"),                 // Newfoundland's capital, before Antigua's
        ("portland", "city:5746545"),                  // Oregon, ten times Maine's
        ("birmingham", "city:2655603"),                // England, five times Alabama's
        ("san jose", "city:5392171"),                  // California, three times Costa Rica's
        ("santiago", "city:3871336"),                  // Chile's capital
        ("sao paulo", "city:3448439"),
        ("mexico", "country:MX"), ("mexico city", "city:3530597"),
        ("ho chi minh", "city:1566083"),               // Ho Chi Minh City, by its short name
        ("bath", "city:2656173"),                      // England's, before Bathinda (three times larger) that only starts so
        ("lax", "airport:LAX"),
    ]

    @Test func thirtyQueriesGiveTheAnswerATravellerExpects() throws {
        #expect(Self.answers.count == 30)
        var wrong: [String] = []
        for (query, first) in Self.answers {
            let found = try Self.gazetteer.search(SearchQuery(text: query, limit: 1)).first
            if found?.place.id.description != first { wrong.append("\(query): \(found.map { "\($0.place.name) \($0.place.id)" } ?? "nothing")") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// A prefix of big places ranks them before small places of exactly that name: San in Mali
    /// (100,000) and its namesake villages come after the great San cities.
    @Test func aPrefixOfBigPlacesListsThemFirst() throws {
        let ids = try Self.gazetteer.search(SearchQuery(text: "san", limit: 10)).map(\.place.id.description)
        for city in ["city:5391959", "city:5391811", "city:4726206", "city:5392171"] {   // SF, San Diego, San Antonio, San Jose
            #expect(ids.contains(city), "\(city) not in the first ten: \(ids)")
        }
        #expect(!ids.contains("city:2451778"))   // San, Mali
    }

    /// "Exact" is the whole name or a whole alternate name: York, Nebraska (which GeoNames also
    /// calls New York) is no exact match of "new york" beside New York City.
    @Test func anotherPlacesNameIsNoExactMatch() throws {
        let results = try Self.gazetteer.search(SearchQuery(text: "new york", limit: 100))
        #expect(results.prefix(2).map(\.place.id.description) == ["city:5128581", "region:US.NY"])
        let exact = results.filter { $0.match == .exact }.map(\.place.id.description)
        #expect(!exact.contains("city:5082331"), "\(exact)")
        #expect(!exact.contains("city:5248969"))   // Clinton, Wisconsin, likewise
    }
}
