import Foundation
import Testing
import TravelLog
@testable import Importer

/// What an import is pointed at: its folders, each once and none inside another, and the log a
/// dry run reads without creating it.
@Suite struct ImportTargetTests {
    @Test func rootsAreCanonicalOnceAndNoneInsideAnother() throws {
        let library = try Library()
        try library.writeFile("a/inner/1.jpg", [1])
        try library.writeFile("b/2.jpg", [1])
        try library.writeFile("ab/3.jpg", [1])
        let root = try #require(LibraryWalker.canonical(library.root))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/b")
        let roots = try ImportTarget.roots([root + "/a/inner", root + "/b", root + "/a", root + "/link", root + "/b/../b", root + "/ab"])
        // a/inner lies in a; link and b/../b are b; ab is no folder of a.
        #expect(roots == [root + "/b", root + "/a", root + "/ab"])
    }

    @Test func aMissingFolderOrTrackIsNamedAsGiven() throws {
        let library = try Library()
        #expect(throws: ImportTarget.Missing(path: "nowhere/x")) { try ImportTarget.roots([library.root, "nowhere/x"]) }
        #expect(throws: ImportTarget.Missing(path: "t.gpx")) { try ImportTarget.files(["t.gpx"]) }
    }

    @Test func aDryRunReadsTheLogOnlyAndCreatesNone() throws {
        let library = try Library()
        let path = library.root + "/log/atlas.sqlite"
        let none = try ImportTarget.open(log: path, dryRun: true)
        #expect(none.log == nil && none.lock == nil)
        #expect(!FileManager.default.fileExists(atPath: path))

        let writing = try ImportTarget.open(log: path, dryRun: false)
        #expect(writing.log != nil && writing.lock != nil)
        // A second import waits for the first.
        #expect(throws: TravelLogError.self) { try ImportTarget.open(log: path, dryRun: false) }
        writing.lock?.release()

        let dry = try ImportTarget.open(log: path, dryRun: true)
        #expect(dry.lock == nil)
        let log = try #require(dry.log)
        #expect(throws: (any Error).self) { try log.saveHome(Home(place: PlaceLink(id: "country:JP", name: "Japan"))) }
    }
}
