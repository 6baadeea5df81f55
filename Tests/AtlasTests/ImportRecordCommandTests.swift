import Foundation
import Testing

/// `atlas import-record` that fails says why in plain words and leaves no log it made.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ImportRecordCommandTests {
    static func logFiles(_ db: String) -> [String] {
        ["", "-wal", "-shm", "-journal"].map { db + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test(arguments: [
        ("hello\n", "'FILE' is not a travel record: it is not JSON ('atlas export' writes one)"),
        (#"{"a":1}"#, "'FILE' cannot be loaded: schema_version is missing, not a number"),
    ])
    func aBadRecordLeavesNoLog(_ text: String, _ message: String) throws {
        let directory = SampleLog.temporaryDirectory()
        let file = directory + "/record.json", db = directory + "/new.sqlite"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try AtlasBinary.run(["import-record", file, "--db", db])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == "atlas import-record: " + message.replacingOccurrences(of: "FILE", with: file) + "\n", "\(result.stderr)")
        #expect(Self.logFiles(db).isEmpty, "\(Self.logFiles(db))")
        // The right record then loads into the same path.
        let record = directory + "/good.json"
        #expect(try AtlasBinary.run(["export", "--db", SampleLog.database, "--output", record]).status == 0)
        let good = try AtlasBinary.run(["import-record", record, "--db", db])
        #expect(good.status == 0 && good.stdout.hasPrefix("Loaded "), "\(good.stderr)")
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let directory = SampleLog.temporaryDirectory()
        let missing = try AtlasBinary.run(["import-record", directory + "/nope.json", "--db", directory + "/a.sqlite"])
        #expect(missing.status == 1 && missing.stderr == "atlas import-record: cannot read '\(directory)/nope.json': no such file\n")
        let folder = try AtlasBinary.run(["import-record", directory, "--db", directory + "/a.sqlite"])
        #expect(folder.status == 1 && folder.stderr == "atlas import-record: cannot read '\(directory)': it is a folder, not a record\n")
        #expect(Self.logFiles(directory + "/a.sqlite").isEmpty)
    }

    @Test func aLogThatWasThereIsKept() throws {
        let db = try SampleLog.copy()
        let record = SampleLog.temporaryDirectory() + "/record.json"
        #expect(try AtlasBinary.run(["export", "--db", SampleLog.database, "--output", record]).status == 0)
        let result = try AtlasBinary.run(["import-record", record, "--db", db])
        #expect(result.status == 1 && result.stderr.contains("cannot be loaded: the travel log \(db) is not empty"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: db))
    }
}
