import Testing
@testable import Gazetteer

/// `lookup` takes every form of code a person types.
@Suite struct GazetteerLookupTests {
    static let gazetteer = try! Gazetteer.open()

    @Test(arguments: [
        ("JP", "country:JP"), ("jp", "country:JP"), (" JP ", "country:JP"), ("JPN", "country:JP"), ("country:JP", "country:JP"),
        ("US-MT", "region:US.MT"), ("us-mt", "region:US.MT"), ("US.MT", "region:US.MT"), ("JP-26", "region:JP.22"),
        ("region:JP.22", "region:JP.22"), ("KIX", "airport:KIX"), ("kix", "airport:KIX"), ("RJBB", "airport:KIX"),
        ("airport:KIX", "airport:KIX"), ("1857910", "city:1857910"), ("city:1857910", "city:1857910"),
        ("continent:EU", "continent:EU"), ("EU", "continent:EU"), ("oc", "continent:OC"), ("AS", "country:AS"),
    ])
    func everyCodeForm(text: String, id: String) throws {
        #expect(try Self.gazetteer.lookup(text)?.id.description == id)
    }

    @Test(arguments: ["", "XX", "XYZW", "US-ZZ", "city:0", "country:", "planet:EARTH", "\"; DROP TABLE cities"])
    func unknownCodes(text: String) throws {
        #expect(try Self.gazetteer.lookup(text) == nil)
    }
}
