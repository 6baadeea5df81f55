import Foundation
import Testing

/// The listing commands: text by name with the identifier last, `--sort`, JSON lines by
/// identifier unless `--sort` is given, and what an empty list says.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct PassportOptionTests {
    let db = SampleLog.database

    func column(_ result: AtlasBinary.Result, _ index: Int = 0) -> [String] {
        result.lines.dropFirst().map { String($0.split(separator: "  ", omittingEmptySubsequences: true)[index]).trimmingCharacters(in: .whitespaces) }
    }

    @Test func textIsByNameWithTheIdentifierLast() throws {
        let countries = try AtlasBinary.run(["countries", "--db", db])
        #expect(countries.status == 0)
        #expect(countries.lines.first == "NAME         CONTINENT  FIRST       LAST        DAYS  PHOTOS  EVIDENCE  REGIONS  ID")
        #expect(column(countries) == ["France", "Iceland", "Italy", "Portugal", "Switzerland"])
        #expect(countries.lines.dropFirst().allSatisfy { $0.hasSuffix("country:" + $0.suffix(2)) })
        let cities = try AtlasBinary.run(["cities", "--db", db])
        #expect(column(cities) == ["Annecy", "Aosta", "Bellagio", "Cascais", "Chamonix-Mont-Blanc", "Geneva", "Lisbon", "Lyon", "Milan", "Sintra"])
        for command in ["regions", "airports", "continents"] {
            let r = try AtlasBinary.run([command, "--db", db])
            #expect(r.status == 0 && r.lines.first?.hasSuffix("  ID") == true, "\(command): \(r.lines.first ?? "")")
        }
    }

    @Test func sortKeys() throws {
        func names(_ key: String) throws -> [String] { column(try AtlasBinary.run(["countries", "--db", db, "--sort", key])) }
        #expect(try names("name") == ["France", "Iceland", "Italy", "Portugal", "Switzerland"])
        #expect(try names("days") == ["France", "Portugal", "Italy", "Iceland", "Switzerland"])
        #expect(try names("photos") == ["France", "Italy", "Portugal", "Switzerland", "Iceland"])
        #expect(try names("first") == ["Iceland", "France", "Switzerland", "Italy", "Portugal"])
        #expect(try names("last") == ["France", "Portugal", "Italy", "Switzerland", "Iceland"])
        let bad = try AtlasBinary.run(["countries", "--db", db, "--sort", "dyas"])
        #expect(bad.status == 1 && bad.stderr.hasPrefix("atlas countries: --sort takes name, days, first, last or photos, not 'dyas'; did you mean 'days'?"))
    }

    @Test func jsonIsByIdentifierUnlessSorted() throws {
        func ids(_ extra: [String]) throws -> [String] {
            try AtlasBinary.run(["countries", "--db", db, "--json"] + extra).lines.map { line in
                (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String ?? "?"
            }
        }
        #expect(try ids([]) == ["country:CH", "country:FR", "country:IS", "country:IT", "country:PT"])
        #expect(try ids(["--sort", "name"]) == ["country:FR", "country:IS", "country:IT", "country:PT", "country:CH"])
        #expect(try ids(["--sort", "days"]).first == "country:FR")
    }

    @Test func marksByNameOrDate() throws {
        let copy = try SampleLog.copy()
        #expect(try AtlasBinary.run(["mark", "country:AX", "--db", copy]).status == 0)
        #expect(try AtlasBinary.run(["mark", "city:2267057", "--date", "2024-07-12", "--db", copy]).status == 0)
        let byName = try AtlasBinary.run(["marks", "--db", copy])
        #expect(byName.lines.first == "NAME           DATE        NOTE   ID")
        #expect(column(byName) == ["Åland", "Iceland", "Lisbon"] || column(byName) == ["Åland Islands", "Iceland", "Lisbon"], "\(byName.stdout)")
        let byDate = try AtlasBinary.run(["marks", "--db", copy, "--sort", "date"])
        #expect(column(byDate, 1) == ["2019-05-01", "2024-07-12", "-"])
    }

    @Test func anEmptyListSaysWhatIsEmpty() throws {
        let directory = SampleLog.temporaryDirectory()
        let empty = directory + "/empty.sqlite"
        #expect(try AtlasBinary.run(["import", directory, "--db", empty, "--progress", "never"]).status == 0)
        for (command, message) in [("airports", "No airports visited."), ("countries", "No countries visited."), ("regions", "No regions visited."),
                                   ("cities", "No cities visited."), ("continents", "No continents visited.")] {
            let r = try AtlasBinary.run([command, "--db", empty])
            #expect(r.status == 0 && r.stdout.isEmpty && r.stderr == message + "\n", "\(command): \(r.stderr)")
        }
        let japan = try AtlasBinary.run(["cities", "--country", "JP", "--db", db])
        #expect(japan.status == 0 && japan.stderr == "No cities visited in Japan.\n")
        let districts = try AtlasBinary.run(["cities", "--districts", "--country", "JP", "--db", db])
        #expect(districts.stderr == "No districts visited in Japan.\n")
    }
}
