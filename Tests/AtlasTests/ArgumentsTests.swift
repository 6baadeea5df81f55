import Foundation
import Testing

/// The rules every command reads its words by (`Arguments`): `--` ends options, an option that
/// needs a value takes the next word whatever it looks like, `-h` is help only where an option
/// may stand, the last of repeated values wins, and an unknown option names the nearest known one.
@Suite struct ArgumentsTests {
    @Test func doubleDashEndsOptions() throws {
        let result = try AtlasBinary.run(["inspect", "--", "--json", "-h"])
        // Two files that do not exist, read as files: no JSON, no help.
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("--json") && result.stderr.contains("-h") && !result.stdout.contains("Usage:"))
    }

    @Test func aValueThatLooksLikeAnOptionIsTheValue() throws {
        let directory = SampleLog.temporaryDirectory()
        // --db takes "--json" as its path (a log that does not exist), not as the flag.
        let db = try AtlasBinary.run(["errors", "--db", "--json"])
        #expect(db.status == 2 && db.stderr.contains("--json"), "\(db.stderr)")
        // -h as a value is a value: the help is not shown.
        let help = try AtlasBinary.run(["errors", "--db", "-h"])
        #expect(help.status == 2 && !help.stdout.contains("Usage:"), "\(help.stderr)")
        let inline = try AtlasBinary.run(["errors", "--db=\(directory)/none.sqlite"])
        #expect(inline.status == 2 && inline.stderr.contains("\(directory)/none.sqlite"), "\(inline.stderr)")
    }

    @Test(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
    func aNoteMayBeDashH() throws {
        let db = try SampleLog.copy()
        let marked = try AtlasBinary.run(["mark", "IS", "--note", "-h", "--db", db])
        #expect(marked.status == 0 && marked.stdout.hasPrefix("Marked Iceland"), "\(marked.stdout) \(marked.stderr)")
        let marks = try AtlasBinary.run(["marks", "--json", "--db", db])
        #expect(marks.stdout.contains(#""note":"-h""#), "\(marks.stdout)")
    }

    @Test func helpWhereverAnOptionMayStand() throws {
        for words in [["countries", "--db", "/nonexistent", "-h"], ["countries", "--help", "--bogus"], ["resolve", "1", "-h"]] {
            let result = try AtlasBinary.run(words)
            #expect(result.status == 0 && result.stdout.hasPrefix("Usage: atlas \(words[0])"), "\(words)")
        }
    }

    @Test func missingValuesFlagsWithValuesAndUnknownOptions() throws {
        let missing = try AtlasBinary.run(["countries", "--db"])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("atlas countries: --db needs a value\n"))
        let flagValue = try AtlasBinary.run(["countries", "--json=yes", "--db", "/nonexistent"])
        #expect(flagValue.status == 1 && flagValue.stderr.hasPrefix("atlas countries: --json takes no value, not 'yes'\n"))
        let unknown = try AtlasBinary.run(["regions", "--contry", "Italy", "--db", "/nonexistent"])
        #expect(unknown.status == 1 && unknown.stderr.hasPrefix("atlas regions: unknown option '--contry'; did you mean '--country'?\n"))
        // Nothing near: no suggestion (countries has --continent, not --country).
        let far = try AtlasBinary.run(["countries", "--contry", "Italy", "--db", "/nonexistent"])
        #expect(far.status == 1 && far.stderr.hasPrefix("atlas countries: unknown option '--contry'\n"))
        let short = try AtlasBinary.run(["errors", "-j"])
        #expect(short.status == 1 && short.stderr.hasPrefix("atlas errors: unknown option '-j'"))
        // The command line is checked before the gazetteer is looked for.
        let first = try AtlasBinary.run(["place", "IS", "--jsn", "--gazetteer", "/nonexistent.sqlite"])
        #expect(first.status == 1 && first.stderr.hasPrefix("atlas place: unknown option '--jsn'; did you mean '--json'?"))
        // A value option of another command is unknown here.
        let elsewhere = try AtlasBinary.run(["errors", "--note", "x"])
        #expect(elsewhere.status == 1 && elsewhere.stderr.hasPrefix("atlas errors: unknown option '--note'"))
    }

    @Test(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
    func repeatedOptionsKeepTheLastValueAndFlagsAreFine() throws {
        let search = try AtlasBinary.run(["search", "paris", "--limit", "5", "--limit", "2", "--json", "--json"])
        #expect(search.status == 0 && search.lines.count == 2, "\(search.stderr)")
        let db = SampleLog.database
        let withPhotos = try AtlasBinary.run(["export", "--no-photos", "--photos", "--db", db])
        #expect(withPhotos.status == 0 && withPhotos.stdout.contains("\"photos\": ["))
        let without = try AtlasBinary.run(["export", "--photos", "--no-photos", "--db", db])
        #expect(without.status == 0 && !without.stdout.contains("\"photos\": ["))
        // Negative numbers are arguments, not options.
        let resolve = try AtlasBinary.run(["resolve", "-33.8568", "151.2153"])
        #expect(resolve.status == 0 && resolve.stdout.contains("country:AU"), "\(resolve.stderr)")
    }
}
