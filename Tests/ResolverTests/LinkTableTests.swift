import Gazetteer
import JSONWriter
import Testing
@testable import Resolver

/// A table of one kind writes a row's whole member of an answer in one copy: the same bytes as
/// its key, object, code key and code written one by one.
@Suite struct LinkTableTests {
    private func bytes(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aMemberIsItsPiecesEndToEnd() {
        let countries = LinkTable(.places(ids: [PlaceID(.country, "FR"), PlaceID(.country, "JP")], names: ["France", "Japan \"日本\""],
                                          codes: ["FRA", nil]))
        #expect(countries.kind == .country)
        #expect(bytes { countries.appendMemberJSON(0, to: &$0) } == #","country":{"id":"country:FR","name":"France","iso3":"FRA""#)
        #expect(bytes { countries.appendMemberJSON(1, to: &$0) } == #","country":{"id":"country:JP","name":"Japan \"日本\"","iso3":null"#)
        #expect(bytes { countries.appendJSON(1, to: &$0) } == #"{"id":"country:JP","name":"Japan \"日本\"""#)
        #expect(bytes { countries.appendCodeJSON(0, to: &$0) } == #""FRA""#)
        let continents = LinkTable(.places(ids: [PlaceID(.continent, "EU")], names: ["Europe"], codes: [nil]))
        #expect(bytes { continents.appendMemberJSON(0, to: &$0) } == #","continent":{"id":"continent:EU","name":"Europe""#)
        let subregion = LinkTable(.single(id: PlaceID(.subregion, "US.CA.037"), name: "Los Angeles County", code: "County"))
        #expect(bytes { subregion.appendMemberJSON(0, to: &$0) }
                == #","subregion":{"id":"subregion:US.CA.037","name":"Los Angeles County","type":"County""#)
    }

    @Test func aTableOfSeveralKindsWritesNoMember() {
        let mixed = LinkTable(.places(ids: [PlaceID(.country, "FR"), PlaceID(.region, "FR.84")], names: ["France", "Auvergne"], codes: ["FRA", "FR-ARA"]))
        #expect(mixed.kind == nil)
        #expect(bytes { mixed.appendMemberJSON(0, to: &$0) } == "")
        #expect(bytes { mixed.appendJSON(1, to: &$0) } + bytes { mixed.appendCodeJSON(1, to: &$0) } == #"{"id":"region:FR.84","name":"Auvergne""FR-ARA""#)
    }
}
