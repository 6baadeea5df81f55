import Foundation
import Testing

/// What `atlas import` says to a new user: a folder without photos, and a dry run that met
/// files it cannot read.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ImportCommandTests {
    @Test func aDryRunDoesNotPointAtTheErrorsItDidNotRecord() throws {
        let folder = SampleLog.temporaryDirectory()
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x10]).write(to: URL(fileURLWithPath: folder + "/broken.jpg"))
        let db = folder + ".sqlite"
        let dry = try AtlasBinary.run(["import", folder, "--dry-run", "--db", db, "--progress", "never"])
        #expect(dry.status == 3 && dry.stdout.contains("dry run: nothing written"), "\(dry.stderr)")
        #expect(!dry.stderr.contains("'atlas errors' lists"), "\(dry.stderr)")
        #expect(dry.stderr.contains("atlas import: 1 file or folder could not be read (the summary counts them by reason); a dry run records nothing"),
                "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test(arguments: [[], ["notes.txt"]])
    func aFolderWithoutPhotosSaysSo(_ files: [String]) throws {
        let folder = SampleLog.temporaryDirectory()
        for name in files { try Data("a note".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let result = try AtlasBinary.run(["import", folder, "--db", folder + ".sqlite", "--progress", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        let passed = files.isEmpty ? "" : " (1 other file passed over)"
        #expect(result.stderr.contains("atlas import: no photos or videos in \(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)\(passed): give the folder that holds them"),
                "\(result.stderr)")
    }

    @Test func aFolderWithPhotosSaysNothingOfTheKind() throws {
        let result = try AtlasBinary.run(["import", SampleLog.root + "/Samples/trip", "--dry-run", "--progress", "never", "--db", SampleLog.temporaryDirectory() + "/x.sqlite"])
        #expect(result.status == 0 && !result.stderr.contains("no photos"), "\(result.stderr)")
    }
}
