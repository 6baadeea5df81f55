import Testing
import Gazetteer

/// Kinds as people name them: `--kind cities` is `--kind city`.
@Suite struct PlaceKindTests {
    @Test func singularAndPluralNamesInAnyCase() {
        for kind in PlaceKind.allCases {
            #expect(PlaceKind(name: kind.rawValue) == kind)
            #expect(PlaceKind(name: kind.pluralName) == kind)
            #expect(PlaceKind(name: kind.pluralName.uppercased()) == kind)
        }
        #expect(PlaceKind(name: "Cities") == .city)
        #expect(PlaceKind(name: "countries") == .country)
        #expect(PlaceKind(name: "countrys") == nil)
        #expect(PlaceKind(name: "towns") == nil)
        #expect(PlaceKind(name: "") == nil)
    }

    @Test func pluralNames() {
        #expect(PlaceKind.allCases.map(\.pluralName) == ["continents", "countries", "regions", "cities", "districts", "airports"])
    }
}
