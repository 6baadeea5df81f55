import Testing

/// Places by identifier, code or name wherever a command takes one: the match on stderr, the
/// candidates when ambiguous (status 1), a plain message when there is none (status 1).
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct PlaceArgumentTests {
    @Test func aNameIsFoundAndSaid() throws {
        let iceland = try AtlasBinary.run(["place", "Iceland"])
        #expect(iceland.status == 0 && iceland.stdout.contains("country:IS"))
        #expect(iceland.stderr == "'Iceland' is Iceland (country:IS)\n")
        let newYork = try AtlasBinary.run(["place", "new york city", "--json"])
        #expect(newYork.status == 0 && newYork.stdout.hasPrefix(#"{"id":"city:5128581""#))
        #expect(newYork.stderr == "'new york city' is New York City, New York, United States (city:5128581)\n")
        // An identifier or a code is said as it is: nothing on stderr.
        for text in ["country:IS", "IS", "KEF"] {
            let r = try AtlasBinary.run(["place", text])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(text): \(r.stderr)")
        }
    }

    @Test func anAmbiguousNameListsTheCandidates() throws {
        let result = try AtlasBinary.run(["place", "Springfield"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "atlas place: 'Springfield' could be any of these; give the identifier of the one you mean:")
        #expect(lines.dropFirst().first == "  Springfield, Missouri, United States       city:4409896")
        #expect(lines.count >= 3 && !result.stderr.contains("Usage:"))
        // The option's kind settles what the name alone does not.
        let georgia = try AtlasBinary.run(["search", "tbilisi", "--in", "Georgia", "--limit", "1"])
        #expect(georgia.status == 1 && georgia.stderr.contains("country:GE") && georgia.stderr.contains("region:US.GA"))
    }

    /// "new york" is the state's own name and New York City's short one: a mark takes neither
    /// silently, and the identifier settles it.
    @Test func markingNewYorkAsksWhichOne() throws {
        let db = try SampleLog.copy()
        let ambiguous = try AtlasBinary.run(["mark", "new york", "--db", db])
        #expect(ambiguous.status == 1 && ambiguous.stdout.isEmpty)
        #expect(ambiguous.stderr.contains("city:5128581") && ambiguous.stderr.contains("region:US.NY"), "\(ambiguous.stderr)")
        let marks = try AtlasBinary.run(["marks", "--json", "--db", db])
        #expect(!marks.stdout.contains("US.NY") && !marks.stdout.contains("5128581"))
        let city = try AtlasBinary.run(["mark", "new york city", "--date", "2024-05-01", "--db", db])
        #expect(city.status == 0 && city.stderr.contains("(city:5128581)"), "\(city.stderr)")
    }

    @Test func anUnknownNameSaysSo() throws {
        let result = try AtlasBinary.run(["place", "Atlantisqqq"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("atlas place: 'Atlantisqqq': no place of that identifier, code or name in gazetteer "))
        let kind = try AtlasBinary.run(["countries", "--continent", "Iceland", "--db", SampleLog.database])
        #expect(kind.status == 1 && kind.stderr.hasPrefix("atlas countries: --continent 'Iceland': no continent of that identifier"))
    }

    @Test func optionsTakeNamesOfTheirKind() throws {
        let db = SampleLog.database
        let europe = try AtlasBinary.run(["countries", "--continent", "Europe", "--db", db])
        #expect(europe.status == 0 && europe.stdout.contains("Portugal") && europe.stderr == "--continent 'Europe' is Europe (continent:EU)\n")
        let asia = try AtlasBinary.run(["countries", "--continent", "AS", "--db", db])
        #expect(asia.status == 0 && asia.stdout.isEmpty && asia.stderr == "No countries visited in Asia.\n")
        let italy = try AtlasBinary.run(["regions", "--country", "Italy", "--db", db])
        #expect(italy.status == 0 && italy.stdout.contains("Lombardy") && !italy.stdout.contains("Lisbon"))
        let lombardy = try AtlasBinary.run(["cities", "--region", "Lombardy", "--db", db])
        #expect(lombardy.status == 0 && lombardy.stdout.contains("Milan") && !lombardy.stdout.contains("Aosta"))
        let home = try AtlasBinary.run(["stats", "--home", "Portugal", "--db", db, "--json"])
        #expect(home.status == 0 && home.stdout.contains(#""home":{"id":"country:PT","name":"Portugal"}"#))
        let within = try AtlasBinary.run(["search", "kyo", "--in", "Japan", "--limit", "1"])
        #expect(within.status == 0 && within.stdout.contains("city:1857910"))
    }

    @Test func markUnmarkAndSetPlaceByName() throws {
        let db = try SampleLog.copy()
        let mark = try AtlasBinary.run(["mark", "Reykjavik", "--db", db])
        #expect(mark.status == 0 && mark.stdout == "Marked Reykjavík (city:3413829)\n", "\(mark.stderr)")
        let unmark = try AtlasBinary.run(["unmark", "reykjavik", "--db", db])
        #expect(unmark.status == 0 && unmark.stdout == "Removed 1 mark of Reykjavík (city:3413829)\n", "\(unmark.stderr)")
        let ambiguous = try AtlasBinary.run(["mark", "Springfield", "--db", db])
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("city:4409896"))
        let photo = SampleLog.root + "/Samples/trip/2024-07-11-lisbon-alfama.jpg"
        let set = try AtlasBinary.run(["set-place", photo, "Sintra", "--db", db])
        #expect(set.status == 0 && set.stdout.contains("city:2262912") && set.stderr.hasPrefix("'Sintra' is Sintra"), "\(set.stderr)")
    }

    @Test func kindsSingularOrPlural() throws {
        let plural = try AtlasBinary.run(["search", "lyon", "--kind", "cities", "--limit", "1"])
        #expect(plural.status == 0 && plural.stdout.contains("city:2996944"))
        let bad = try AtlasBinary.run(["search", "lyon", "--kind", "towns"])
        #expect(bad.status == 1 && bad.stderr.hasPrefix(
            "atlas search: --kind takes one of continents, countries, regions, subregions, cities, districts, airports (or the singular), not 'towns'"))
        let help = try AtlasBinary.run(["search", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Only this kind: continents, countries, regions, subregions, cities, districts or airports"))
    }
}
