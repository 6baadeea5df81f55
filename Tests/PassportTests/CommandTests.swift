import Foundation
import Testing
import ScratchSpace

/// The passport commands as people run them: the `atlas` binary built beside the test bundle.
@Suite(.serialized) struct CommandTests {
    static var binary: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("atlas").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/atlas"
    }

    /// Exit status and stdout of `atlas ARGS`.
    func atlas(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let result = try atlasWithErrors(arguments)
        return (result.status, result.out)
    }

    @Test func listingsStatsAndUsage() throws {
        let db = PassportTests.itinerary.database
        let countries = try atlas(["countries", "--db", db, "--json"])
        #expect(countries.status == 0)
        let lines = countries.out.split(separator: "\n").map { try? JSON.parse(String($0)) }
        #expect(lines.map { $0?["id"] } == ["CH", "CN", "FR", "HK", "IS", "IT", "XK"].map { .string("country:" + $0) })
        #expect(lines.first??["regions_total"] == .int(26))
        let europe = try atlas(["countries", "--db", db, "--continent", "EU", "--year", "2024"])
        #expect(europe.status == 0 && europe.out.contains("Switzerland") && !europe.out.contains("Iceland") && !europe.out.contains("Hong Kong"))
        let stats = try atlas(["stats", "--db", db, "--count", "all"])
        #expect(stats.status == 0 && stats.out.contains("7 of 252") && stats.out.contains("2 photos in flight, 2 in transit"))
        // The year in review leaves out the marks of 2023.
        let review = try atlas(["stats", "--db", db, "--count", "all", "--year", "2024"])
        #expect(review.status == 0 && review.out.contains("2024 in review") && review.out.contains("5 of 252"))
        for command in ["regions", "cities", "airports", "continents", "timeline", "marks", "home", "trips", "days"] {
            #expect(try atlas([command, "--db", db]).status == 0, "\(command)")
            #expect(try atlas([command, "--help"]).status == 0, "\(command) --help")
        }
        #expect(try atlas(["stats", "--db", db, "--count", "world"]).status == 1)
        #expect(try atlas(["cities", "--db", db, "--region", "nowhere-at-all"]).status == 1)
        #expect(try atlas(["countries", "--db", db + ".absent"]).status == 2)
    }

    @Test func markUnmarkAndExportRoundTrip() throws {
        let dir = Scratch.root.appendingPathComponent("atlas-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = dir + "/a.json", second = dir + "/b.json", copy = dir + "/copy.sqlite"
        #expect(try atlas(["export", "--db", PassportTests.itinerary.database, "--output", first]).status == 0)
        #expect(try atlas(["import-record", first, "--db", copy]).status == 0)
        #expect(try atlas(["export", "--db", copy, "--output", second]).status == 0)
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        #expect(try atlas(["import-record", first, "--db", copy]).status == 1)

        // Marks on the copy: a Frankfurt day promoted to a visit of Germany, then removed.
        #expect(try atlas(["mark", "country:DE", "--date", "2024-07-10", "--note", "left the airport", "--db", copy]).status == 0)
        #expect(try atlas(["countries", "--db", copy]).out.contains("Germany"))
        #expect(try atlas(["mark", "country:DE", "--date", "2024-02-30", "--db", copy]).status == 1)
        #expect(try atlas(["mark", "nowhere-at-all", "--db", copy]).status == 1)
        #expect(try atlas(["unmark", "DE", "--db", copy]).status == 0)
        #expect(try !atlas(["countries", "--db", copy]).out.contains("Germany"))
        #expect(try atlas(["unmark", "DE", "--db", copy]).status == 1)
    }
}

extension CommandTests {
    @Test func homeTripsAndTheirEditsSurviveReimportReresolveAndRestore() throws {
        let dir = Scratch.root.appendingPathComponent("atlas-trips-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = dir + "/a.json", db = dir + "/copy.sqlite"
        #expect(try atlas(["export", "--db", PassportTests.itinerary.database, "--output", record]).status == 0)
        #expect(try atlas(["import-record", record, "--db", db]).status == 0)

        #expect(try atlas(["home", "--db", db]).out.contains("inferred"))
        #expect(try atlas(["home", "set", "Lyon", "--db", db]).status == 0)
        let home = try atlas(["home", "--db", db, "--json"])
        #expect(try JSON.parse(home.out)["place"]?["id"] == .string("city:2996944") && home.out.contains("\"inferred\":false"))
        func trips(_ extra: [String] = []) throws -> [JSON] {
            try atlas(["trips", "--db", db, "--json"] + extra).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        }
        #expect(try trips().map { $0["id"] } == ["2023-05-01", "2024-07-10", "2024-08-01"].map(JSON.string))
        #expect(try atlas(["trip", "rename", "2024-07-10", "Milan and Geneva", "--db", db]).status == 0)
        #expect(try atlas(["trip", "exclude", "2023-05-01", "--db", db]).status == 0)
        #expect(try atlas(["trip", "2024-07-12", "--db", db]).out.contains("Milan and Geneva"))

        // Reresolve, a re-import that reads every photo again, a restore: the edits hold.
        #expect(try atlas(["reresolve", "--db", db]).status == 0)
        #expect(try atlas(["import", PassportTests.itinerary.root, "--db", db]).status == 0)
        let second = dir + "/b.json", restored = dir + "/restored.sqlite"
        #expect(try atlas(["export", "--db", db, "--output", second]).status == 0)
        #expect(try atlas(["import-record", second, "--db", restored]).status == 0)
        for log in [db, restored] {
            let listed = try atlas(["trips", "--db", log, "--json"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
            #expect(listed.map { $0["id"] } == ["2024-07-10", "2024-08-01"].map(JSON.string), "\(log)")
            #expect(listed.first?["title"] == .string("Milan and Geneva"))
        }
        let third = dir + "/c.json"
        #expect(try atlas(["export", "--db", restored, "--output", third]).status == 0)
        #expect(FileManager.default.contents(atPath: second) == FileManager.default.contents(atPath: third))

        let review = try JSON.parse(atlas(["stats", "--db", db, "--year", "2024", "--json"]).out)
        #expect(review["trips"] == .int(2) && review["year_in_review"] == .int(2024) && review["home_inferred"] == .bool(false))
        let days = try atlas(["days", "--db", db, "--year", "2024", "--json"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        #expect(days.first { $0["id"] == .string("country:DE") }?["transit_days"] == .int(1))

        // Mistakes say so and change nothing.
        for bad in [["trip", "2031-01-01"], ["trip", "rename", "2024-07-10", " "], ["trip", "split", "2024-07-10", "2024-07-10"],
                    ["trip", "merge", "2024-07-10", "2024-07-10"], ["home", "set", "nowhere-at-all"], ["home", "set", "Lyon", "--since", "2024-02-30"],
                    ["home", "remove", "--since", "1999-01-01"], ["trip", "reset", "2024-08-01"]] {
            #expect(try atlas(bad + ["--db", db]).status == 1, "\(bad)")
        }
        #expect(try atlas(["trip", "reset", "2024-07-10", "--db", db]).status == 0)
        #expect(try trips(["--all"]).map { $0["title"] } == ["Iceland & Kosovo, May 2023", "Italy & Switzerland, July 2024", "China & Hong Kong, August 2024"]
                    .map(JSON.string))
    }
}

extension CommandTests {
    /// Exit status, stdout and stderr of `atlas ARGS`.
    func atlasWithErrors(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test func flightLogsImportOnceAndTravelWithTheRecord() throws {
        let dir = Scratch.root.appendingPathComponent("atlas-flights-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = dir + "/a.json", db = dir + "/copy.sqlite"
        #expect(try atlas(["export", "--db", PassportTests.itinerary.database, "--output", record]).status == 0)
        #expect(try atlas(["import-record", record, "--db", db]).status == 0)
        let plain = dir + "/plain.csv", fr24 = dir + "/fr24.csv"
        try "date,from,to,flight\n2024-07-10,LYS,FRA,LH1077\n2024-07-12,LIN,XXX,\n".write(toFile: plain, atomically: true, encoding: .utf8)
        try """
            Date,Flight number,From,To,Dep time,Arr time,Duration,Airline,Aircraft,Registration,Seat number,Seat type,Flight class,Flight reason,Note,Dep_id,Arr_id,Airline_id,Aircraft_id
            2024-07-10,LH1077,Lyon / Saint-Exupery (LYS/LFLL),Frankfurt / Frankfurt International (FRA/EDDF),07:00:00,08:20:00,01:20:00,Lufthansa (LH/DLH),,,,,,,,,,,
            2024-08-02,CA4401,Lhasa / Gonggar (LXA/ZULS),Chengdu / Shuangliu (CTU/ZUUU),09:00:00,11:00:00,02:00:00,Air China (CA/CCA),,,,,,,,,,,
            """.write(toFile: fr24, atomically: true, encoding: .utf8)

        let first = try atlasWithErrors(["flights", "import", plain, fr24, "--db", db])
        #expect(first.status == 3 && first.err.contains("plain.csv:3: unknown airport 'XXX'"), "\(first.err)")
        #expect(first.out.contains("plain.csv: 1 flight imported (plain), 1 line not read") && first.out.contains("fr24.csv: 1 flight imported (myflightradar24), 1 already known"))
        #expect(try atlas(["flights", "import", fr24, "--db", db]).out.contains("0 flights imported (myflightradar24), 2 already known"))
        let listed = try atlas(["flights", "--db", db, "--json"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        #expect(listed.map { $0["id"] } == [.string("2024-07-10-LYS-FRA-LH1077"), .string("2024-08-02-LXA-CTU-CA4401")])
        // Chengdu's Sichuan is passed through on 08-02; the airports count as used.
        let stats = try JSON.parse(atlas(["stats", "--db", db, "--json"]).out)
        #expect(stats["flights"] == .int(2) && stats["airports"] == .int(4))
        #expect(try atlas(["trip", "2024-08-02", "--db", db]).out.contains("flight 2024-08-02-LXA-CTU-CA4401"))

        let second = dir + "/b.json", restored = dir + "/restored.sqlite", third = dir + "/c.json"
        #expect(try atlas(["export", "--db", db, "--output", second]).status == 0)
        #expect(try atlas(["import-record", second, "--db", restored]).status == 0)
        #expect(try atlas(["export", "--db", restored, "--output", third]).status == 0)
        #expect(FileManager.default.contents(atPath: second) == FileManager.default.contents(atPath: third))
        let schema = SchemaValidator(root: try JSON.parse(String(contentsOfFile: TravelRecordTests.schemaPath, encoding: .utf8)))
        #expect(schema.errors(try JSON.parse(String(contentsOfFile: second, encoding: .utf8))) == [])
        #expect(try atlas(["flights", "remove", "2024-08-02-LXA-CTU-CA4401", "--db", db]).status == 0)
        #expect(try atlas(["flights", "remove", "2024-08-02-LXA-CTU-CA4401", "--db", db]).status == 1)
        #expect(try atlas(["flights", "--db", db, "--json"]).out.split(separator: "\n").count == 1)
    }
}

extension CommandTests {
    /// `atlas days --rule schengen` on the itinerary: France 2024-03-01 to 03-05, a layover at
    /// Frankfurt on 07-10, Milan 07-11 and 07-12, Geneva and Annemasse 07-13, a mark of
    /// Iceland on 2023-05-01 and one of Kosovo the day after.
    @Test func daysRuleSchengen() throws {
        let db = PassportTests.itinerary.database
        let july = try atlas(["days", "--rule", "schengen", "--on", "2024-07-31", "--stay", "90", "--db", db, "--json"])
        #expect(july.status == 0)
        #expect(july.out == """
            {"rule":"schengen","on":"2024-07-31","days_used":8,"days_left":82,"max_in_window":8,"max_on":"2024-07-13","stay":90,\
            "earliest_stay_start":"2024-10-12","count":"any","note":"evidence from the log, not legal advice","days_without_evidence":171,\
            "dates":["2024-03-01","2024-03-02","2024-03-03","2024-03-04","2024-03-05","2024-07-11","2024-07-12","2024-07-13"]}

            """)
        // Iceland counts (a mark), Kosovo does not; without --stay, no stay.
        let may = try JSON.parse(atlas(["days", "--rule", "schengen", "--on", "2023-05-02", "--db", db, "--json"]).out)
        #expect(may["days_used"] == .int(1) && may["dates"] == .array([.string("2023-05-01")]) && may["stay"] == nil && may["earliest_stay_start"] == nil)
        let text = try atlas(["days", "--db", db, "--rule", "schengen", "--on", "2024-07-31"])
        #expect(text.status == 0 && text.out.contains("8 days used, 82 left") && text.out.contains("Evidence from the log, not legal advice."))
        for bad in [["--rule", "eu"], ["--rule", "schengen", "--on", "2024-02-30"], ["--rule", "schengen", "--stay", "91"],
                    ["--rule", "schengen", "--year", "2024"], ["--stay", "5"], ["--on", "2024-07-31"]] {
            #expect(try atlas(["days", "--db", db] + bad).status == 1, "\(bad)")
        }
    }

    /// Without --rule, `days --json` is one object per year and country, these keys in this
    /// order: the counts it always had, then the period, the threshold, the policy, the days
    /// without evidence and the note.
    @Test func daysJSONKeepsItsShape() throws {
        let lines = try atlas(["days", "--db", PassportTests.itinerary.database, "--json"]).out.split(separator: "\n")
        #expect(lines.first.map(String.init) == #"{"year":2023,"id":"country:IS","name":"Iceland","days":1,"transit_days":0,"dates":["2023-05-01"],"transit_dates":[],"#
                + #""inferred_days":0,"inferred_dates":[],"period_start":"2023-01-01","period_end":"2023-12-31","threshold":183,"#
                + #""threshold_reached":false,"count":"any","fill":null,"days_without_evidence":363,"note":"evidence from the log, not legal advice"}"#)
        #expect(lines.contains { $0.hasPrefix(#"{"year":2024,"id":"country:DE","name":"Germany","days":0,"transit_days":1,"dates":[],"transit_dates":["2024-07-10"],"#) })
    }

    /// Tax years, a country's dates with their evidence, the US test, the midnight policy, and
    /// every bad value named on stderr with status 1.
    @Test func daysTaxYearsEvidenceAndPolicies() throws {
        let db = PassportTests.itinerary.database
        // From 04-06, France's March 2024 belongs to the tax year 2023.
        let tax = try atlas(["days", "--db", db, "--year-start", "04-06", "--country", "FR", "--json"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        let march = try #require(tax.first)
        #expect(march["year"] == .int(2023) && march["period_start"] == .string("2023-04-06") && march["period_end"] == .string("2024-04-05"))
        #expect(march["days"] == .int(5) && march["threshold_reached"] == .bool(false) && march["count"] == .string("any"))
        #expect(try atlas(["days", "--db", db, "--year-start", "04-06", "--country", "FR", "--threshold", "5", "--json"]).out.contains(#""threshold":5,"threshold_reached":true"#))
        let text = try atlas(["days", "--db", db, "--country", "FR", "--year", "2024", "--dates"])
        #expect(text.status == 0 && text.out.contains("France (country:FR), 2024 (2024-01-01 to 2024-12-31)"))
        #expect(text.out.contains("\n  2024-03-01  ") && text.out.contains("without any evidence.") && text.out.contains("Evidence from the log, not legal advice."))
        let evidence = try JSON.parse(atlas(["days", "--db", db, "--country", "FR", "--year", "2024", "--dates", "--json"]).out)
        guard case .array(let dates)? = evidence["evidence"] else { Issue.record("no evidence: \(evidence)"); return }
        #expect(dates.first?["date"] == .string("2024-03-01") && dates.first?["counted"] == .bool(true) && dates.first?["basis"] == .string("evidence"))
        let us = try atlas(["days", "--db", db, "--rule", "us-presence", "--year", "2024", "--json"])
        #expect(us.status == 0 && us.out.hasPrefix(#"{"rule":"us-presence","year":2024,"days_this_year":0,"days_last_year":0,"days_year_before_last":0,"#
                                                   + #""days_weighted":0,"meets_test":false,"count":"any","fill":null,"days_without_evidence":"#))
        let midnight = try JSON.parse(atlas(["days", "--db", db, "--rule", "schengen", "--on", "2024-03-10", "--count", "midnight", "--json"]).out)
        // Carried from 03-05 to 03-10: six more days, inferred.
        #expect(midnight["count"] == .string("midnight") && midnight["days_used"] == .int(10))
        #expect(midnight["inferred_dates"] == .array(["2024-03-06", "2024-03-07", "2024-03-08", "2024-03-09", "2024-03-10"].map(JSON.string)))
        for (bad, named) in [(["--count", "noon"], "noon"), (["--fill", "1"], "'1'"), (["--fill", "5", "--count", "midnight"], "--fill"),
                             (["--year-start", "02-29"], "02-29"), (["--year-start", "4-6"], "4-6"), (["--threshold", "0"], "'0'"),
                             (["--rule", "us-presence", "--on", "2024-01-01"], "--on"), (["--rule", "schengen", "--country", "FR"], "--country"),
                             (["--rule", "us-presence", "--year-start", "04-06"], "--year-start"), (["--rule", "irs"], "irs"),
                             (["--country", "Atlantis"], "Atlantis")] {
            let result = try atlasWithErrors(["days", "--db", db] + bad)
            #expect(result.status == 1 && result.err.contains(named), "\(bad): \(result.err)")
        }
    }

    /// The year in review lists the days present per country with the threshold marked, and
    /// the report shows the Schengen window of the log's last day.
    @Test func statsYearDaysPresentAndTheReportsSchengenWindow() throws {
        let db = PassportTests.itinerary.database
        let text = try atlas(["stats", "--db", db, "--year", "2024", "--threshold", "2"])
        #expect(text.status == 0 && text.out.contains("Days present   France ") && text.out.contains("(2 reached)"))
        let json = try JSON.parse(atlas(["stats", "--db", db, "--year", "2024", "--json"]).out)
        let present = try #require(json["days_present"])
        #expect(present["year"] == .int(2024) && present["threshold"] == .int(183) && present["count"] == .string("any"))
        guard case .array(let countries)? = present["countries"], let france = countries.first else { Issue.record("\(present)"); return }
        #expect(france["id"] == .string("country:FR") && france["threshold_reached"] == .bool(false))
        #expect(try atlasWithErrors(["stats", "--db", db, "--threshold", "5"]).err.contains("--threshold goes with --year"))
        let dir = Scratch.root.appendingPathComponent("atlas-report-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try atlas(["report", "--db", db, "--output", dir + "/r.html"]).status == 0)
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        // The log's last day is 2024-08-03 (Hong Kong): France in March, Milan, Geneva and Annemasse in July.
        #expect(html.contains("<h2>Schengen 90/180</h2>") && html.contains("On 2024-08-03, the last day of the log: <strong>8 days in the area</strong>"))
    }

    /// The record carries the day rules' results with their parameters, the same figures
    /// `atlas days` gives, up to the log's last date.
    @Test func theExportCarriesTheDayRules() throws {
        let db = PassportTests.itinerary.database
        let record = try JSON.parse(atlas(["export", "--db", db, "--no-photos"]).out)
        let days = try #require(record["days_present"])
        #expect(days["count"] == .string("any") && days["fill"] == .null && days["year_start"] == .string("01-01") && days["threshold"] == .int(183))
        #expect(days["through"] == .string("2024-08-03") && days["schengen"]?["on"] == .string("2024-08-03") && days["schengen"]?["days_used"] == .int(8))
        guard case .array(let years)? = days["years"], let y2024 = years.first(where: { $0["year"] == .int(2024) }),
              case .array(let countries)? = y2024["countries"] else { Issue.record("\(days)"); return }
        let listed = try atlas(["days", "--db", db, "--year", "2024", "--json"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        #expect(countries.map { $0["id"] } == listed.map { $0["id"] } && countries.map { $0["days"] } == listed.map { $0["days"] })
        #expect(days["us_presence"] == .array([]))
    }
}
