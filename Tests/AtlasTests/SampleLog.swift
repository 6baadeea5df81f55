@_exported import AtlasProcess
import Foundation
import Gazetteer
import ScratchSpace

/// What the command-line tests share: whether the gazetteer is there, and a travel log of the
/// sample trip (`Samples/trip`: Lyon, the Alps, Milan, Lisbon) with a mark for Iceland.
enum SampleLog {
    static let gazetteerAvailable = (try? GazetteerLocation.resolve(explicit: nil)) != nil

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Imported once per test run; tests that write copy it first (``copy()``).
    static let database: String = {
        let directory = temporaryDirectory()
        let db = directory + "/sample.sqlite"
        let imported = try! AtlasBinary.run(["import", root + "/Samples/trip", "--db", db, "--progress", "never"])
        precondition(imported.status == 0, imported.stderr)
        let marked = try! AtlasBinary.run(["mark", "country:IS", "--date", "2019-05-01", "--note", "ferry", "--db", db])
        precondition(marked.status == 0, marked.stderr)
        return db
    }()

    /// A copy of the sample log to write to.
    static func copy() throws -> String {
        let copy = temporaryDirectory() + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        return copy
    }

    static func temporaryDirectory() -> String {
        let path = Scratch.root.appendingPathComponent("atlas-cli-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension AtlasBinary.Result {
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}
