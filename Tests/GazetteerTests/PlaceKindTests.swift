import Testing
import Gazetteer

/// Kinds as people name them: `--kind cities` is `--kind city`.
@Suite struct PlaceKindTests {
    /// The rank is the hierarchy's order and a kind's place in `allCases` (a lineage's index).
    @Test func rankIsTheOrderOfTheHierarchy() {
        #expect(PlaceKind.allCases.map(\.rank) == Array(0..<7))
        #expect(PlaceKind.allCases.map(\.rawValue) == ["continent", "country", "region", "subregion", "city", "district", "airport"])
        #expect(PlaceKind.region < .subregion && PlaceKind.subregion < .city)
        #expect(PlaceKind.country < .region && .district < .airport)
    }

    /// A place is listed with places above it only, from the continent down; a district with
    /// its city, an airport without one.
    @Test func parentsAreAboveInOrder() {
        for kind in PlaceKind.allCases {
            #expect(kind.parentKinds.allSatisfy { $0 < kind } && kind.parentKinds == kind.parentKinds.sorted(), "\(kind)")
        }
        #expect(PlaceKind.district.parentKinds.last == .city && !PlaceKind.airport.parentKinds.contains(.city))
    }

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
        #expect(PlaceKind.allCases.map(\.pluralName) == ["continents", "countries", "regions", "subregions", "cities", "districts", "airports"])
    }
}
