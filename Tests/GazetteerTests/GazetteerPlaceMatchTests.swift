import Testing
@testable import Gazetteer

/// Place arguments by identifier, code or name (`atlas mark Iceland`, `--country Italy`), on the
/// real gazetteer.
@Suite(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
struct GazetteerPlaceMatchTests {
    static let gazetteer = try! Gazetteer.open()
    var gazetteer: Gazetteer { Self.gazetteer }

    /// "id" for a place found (with "~" before it when found by name), "?a b c" for candidates,
    /// "-" for none.
    private func match(_ text: String, _ kinds: Set<PlaceKind> = Set(PlaceKind.allCases)) throws -> String {
        switch try gazetteer.resolvePlace(text, kinds: kinds) {
        case .found(let place, let byName): return (byName ? "~" : "") + place.id.description
        case .ambiguous(let places): return "?" + places.map(\.id.description).joined(separator: " ")
        case .none: return "-"
        }
    }

    @Test func identifiersAndCodesAreTakenAsThey() throws {
        #expect(try match("country:IS") == "country:IS")
        #expect(try match("country:is") == "country:IS")
        #expect(try match("IS") == "country:IS")
        #expect(try match("ISL") == "country:IS")
        #expect(try match("US-MT") == "region:US.MT")
        #expect(try match("KEF") == "airport:KEF")
        #expect(try match("BIKF") == "airport:KEF")
        #expect(try match("2267057") == "city:2267057")
        // A bare code names the kind asked for first: AS is American Samoa, or Asia.
        #expect(try match("AS") == "country:AS")
        #expect(try match("AS", [.continent]) == "continent:AS")
        // An identifier is never searched for, and is nothing when of another kind.
        #expect(try match("country:ZZ") == "-")
        #expect(try match("country:IS", [.region]) == "-")
    }

    @Test func namesFindTheBestMatch() throws {
        #expect(try match("Iceland") == "~country:IS")
        #expect(try match("iceland") == "~country:IS")
        #expect(try match("Italy", [.country]) == "~country:IT")
        #expect(try match("Europe", [.continent]) == "~continent:EU")
        #expect(try match("new york city") == "~city:5128581")
        #expect(try match("  new york ", [.region]) == "~region:US.NY")
        // Codes in lower case are found by the search, as names are: "kef" is also Le Kef.
        #expect(try match("jp") == "~country:JP")
        #expect(try match("kef").hasPrefix("?airport:KEF "))
        #expect(try match("us-mt") == "~region:US.MT")
        // A name in capitals that is no code is searched for too.
        #expect(try match("PARIS") == "~city:2988507")
        // Diacritics and case do not matter.
        #expect(try match("zurich") == "~city:2657896")
    }

    /// A place and the one of the same name around it (a city and its region, a country and its
    /// capital) are one answer, the best ranked; a far smaller namesake elsewhere is no rival.
    @Test func nestedNamesakesAndSmallNamesakesAreNoAmbiguity() throws {
        #expect(try match("Lisbon") == "~city:2267057")
        #expect(try match("Mexico") == "~country:MX")
        #expect(try match("Luxembourg") == "~country:LU")
        #expect(try match("Paris") == "~city:2988507")
        #expect(try match("kyoto", [.region]) == "~region:JP.22")
    }

    @Test func similarMatchesAreAmbiguous() throws {
        let springfield = try match("Springfield")
        #expect(springfield.hasPrefix("?city:4409896 city:4951788 city:4250542"), "\(springfield)")
        #expect(springfield.split(separator: " ").count <= Gazetteer.ambiguousCandidates)
        let georgia = try match("Georgia")
        #expect(georgia == "?country:GE region:US.GA", "\(georgia)")
        // The kind settles it.
        #expect(try match("Georgia", [.country]) == "~country:GE")
        #expect(try match("Georgia", [.region]) == "~region:US.GA")
        #expect(try match("Valencia").hasPrefix("?city:3625549 city:2509954"))
        // A code and a name are two meanings, whatever their sizes: Genoa's airport and Goa.
        let goa = try match("Goa")
        #expect(goa.hasPrefix("?region:IN.33 ") && goa.contains(" airport:GOA"), "\(goa)")
        #expect(try match("GOA") == "airport:GOA")
        #expect(try match("Goa", [.region]) == "~region:IN.33")
    }

    /// A city and a region that both answer to the name, one by its own name, the other by
    /// another of its names, are two meanings even though one lies inside the other: "new
    /// york" is the state and New York City. Nested places of which the name is the best's
    /// own stay one answer (Lisbon, Mexico, Kyoto above).
    @Test func aNameThatIsACitysAndItsRegionsListsBoth() throws {
        #expect(try match("new york") == "?city:5128581 region:US.NY")
        #expect(try match("New York", [.city]) == "~city:5128581")
        #expect(try match("kyoto") == "~city:1857910")
        #expect(try match("st petersburg") == "~city:498817")
        #expect(try match("saint petersburg", [.city]).hasPrefix("~city:498817"))
    }

    @Test func nothingOfTheKindIsNone() throws {
        #expect(try match("Atlantisqqq") == "-")
        #expect(try match("Iceland", [.continent]) == "-")
        #expect(try match("") == "-")
        #expect(try match("   ") == "-")
        #expect(try match("Iceland", []) == "-")
    }
}
