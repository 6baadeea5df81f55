import Testing

/// `atlas search` and `atlas place` for people: a header, no match classes, no ranking weights.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct SearchCommandTests {
    @Test func searchTextHasAHeaderAndTheIdentifierLast() throws {
        let result = try AtlasBinary.run(["search", "kyoto", "--limit", "2"])
        #expect(result.status == 0)
        #expect(result.lines == [
            "NAME   KIND    IN                    ID",
            "Kyoto  city    Asia > Japan > Kyoto  city:1857910",
            "Kyoto  region  Asia > Japan          region:JP.22",
        ])
        for word in ["exact", "prefix", "other"] { #expect(!result.stdout.contains(word)) }
        let near = try AtlasBinary.run(["search", "springfield", "--near", "39.8,-89.6", "--limit", "1"])
        #expect(near.lines.first?.hasPrefix("NAME         KIND  IN  ") == true && near.lines.first?.hasSuffix("  DISTANCE  ID") == true)
        #expect(near.lines.dropFirst().first?.hasSuffix("  city:4250542") == true)
        let none = try AtlasBinary.run(["search", "qqqzzzx", "--kind", "airports"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr == "No places match 'qqqzzzx' among the airports.\n")
    }

    /// A subregion's kind is its country's word for the level; its identifier opens it with place.
    @Test func aSubregionShowsItsLocalWord() throws {
        let result = try AtlasBinary.run(["search", "Los Angeles County", "--limit", "1"])
        #expect(result.status == 0)
        #expect(result.lines == [
            "NAME                KIND    IN                                          ID",
            "Los Angeles County  county  North America > United States > California  subregion:US.CA.037",
        ])
        let rhone = try AtlasBinary.run(["search", "rhone", "--kind", "subregions", "--limit", "1"])
        #expect(rhone.lines.dropFirst().first?.contains("  metropolitan department  ") == true)
        #expect(rhone.lines.dropFirst().first?.hasSuffix("  subregion:FR.84.69") == true)
        let json = try AtlasBinary.run(["search", "FR-69", "--json", "--limit", "1"])
        #expect(json.stdout.contains("\"kind\":\"subregion\"") && json.stdout.contains("\"match\":\"exact\""))
        // India's districts are subregions: a KIND of "district" would say a city's district.
        let coimbatore = try AtlasBinary.run(["search", "coimbatore", "--kind", "subregion", "--limit", "1"])
        #expect(coimbatore.lines.dropFirst().first?.contains("  subregion  ") == true)
        let place = try AtlasBinary.run(["place", "subregion:US.CA.037"])
        #expect(place.status == 0 && place.stdout.contains("Los Angeles County") && place.stdout.contains("County"))
    }

    @Test func anAirportShowsItsSizeNotAWeight() throws {
        let place = try AtlasBinary.run(["place", "KIX"])
        #expect(place.status == 0 && place.stdout.contains("size") && !place.stdout.contains("importance"))
        #expect(!place.stdout.contains("10,000,000"))
        let browse = try AtlasBinary.run(["browse", "country:JP", "--kind", "airports", "--limit", "2"])
        #expect(browse.lines.first == "NAME" + browse.lines[0].dropFirst(4).prefix { $0 == " " } + "SIZE   ID")
        #expect(browse.lines.dropFirst().allSatisfy { $0.contains("large") || $0.contains("medium") || $0.contains("small") })
        let below = try AtlasBinary.run(["place", "country:IS"])
        #expect(below.stdout.contains("countries") || below.stdout.contains("regions"))
        #expect(!below.stdout.contains("countrys") && !below.stdout.contains("citys"))
    }
}
