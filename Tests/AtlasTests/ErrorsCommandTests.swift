import Foundation
import SQLite
import Testing

/// `atlas errors` lists one line per file, whatever its message holds.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ErrorsCommandTests {
    @Test func eachMessageIsOneLine() throws {
        let db = try SampleLog.copy()
        let database = try Database(path: db, mode: .readWrite)
        try database.execute("""
            INSERT INTO walk_errors (path, kind, message) VALUES
              ('/photos/a\\u{1b}[2J.jpg', 'corrupt', 'first line' || char(10) || '  second line' || char(13) || char(10) || 'third'),
              ('/photos/b.jpg', 'corrupt', 'bell' || char(7) || ' and' || char(8232) || 'separator')
            """.replacingOccurrences(of: "\\u{1b}", with: "\u{1b}"))
        let result = try AtlasBinary.run(["errors", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == ["corrupt (2)", "  /photos/a\\x1b[2J.jpg: first line second line third", "  /photos/b.jpg: bell\\x07 and separator"],
                "\(result.stdout)")
        // JSON keeps the message as it is, escaped as JSON.
        let json = try AtlasBinary.run(["errors", "--db", db, "--json"])
        #expect(json.stdout.contains(#""message":"first line\n  second line\r\nthird""#), "\(json.stdout)")
    }
}
