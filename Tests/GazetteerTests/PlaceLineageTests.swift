import Testing
import Gazetteer

/// A lineage holds one link per kind, read and written by kind or by name alike.
@Suite struct PlaceLineageTests {
    /// Each kind's link lands at that kind and no other, whichever way it is written.
    @Test(arguments: PlaceKind.allCases)
    func eachKindHasItsOwnLink(_ kind: PlaceKind) {
        var lineage = PlaceLineage<String>()
        lineage[kind] = kind.rawValue
        for other in PlaceKind.allCases { #expect(lineage[other] == (other == kind ? kind.rawValue : nil), "\(other)") }
        var visited: [PlaceKind] = []
        lineage.forEach { k, link in visited.append(k); #expect(link == k.rawValue) }
        #expect(visited == [kind] && !lineage.isEmpty)
    }

    /// The named links are the subscript's, level by level.
    @Test func namesAndKindsAgree() {
        let lineage = PlaceLineage<Int> { $0.rank * 10 }
        let named = [lineage.continent, lineage.country, lineage.region, lineage.subregion, lineage.city, lineage.district, lineage.airport]
        #expect(named == PlaceKind.allCases.map { lineage[$0] })
        #expect(named == PlaceKind.allCases.map { $0.rank * 10 })
    }

    /// `forEach` goes from the continent down and skips empty levels; `map` keeps the kinds.
    @Test func iterationAndMapKeepTheOrderOfTheHierarchy() {
        var lineage = PlaceLineage<String>()
        (lineage.airport, lineage.country, lineage.continent) = ("LYS", "FR", "EU")
        var seen: [PlaceKind] = []
        lineage.forEach { kind, _ in seen.append(kind) }
        #expect(seen == [.continent, .country, .airport])
        let lengths = lineage.map { kind, link in kind == .country ? nil : link.count }
        #expect(lengths[.continent] == 2 && lengths[.country] == nil && lengths[.airport] == 3 && lengths[.city] == nil)
        #expect(PlaceLineage<String>().isEmpty && lineage != PlaceLineage<String>())
    }
}
