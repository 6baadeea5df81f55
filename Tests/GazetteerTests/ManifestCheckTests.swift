import AtlasProcess
import Foundation
import Testing
@testable import Gazetteer
import ScratchSpace

/// The gazetteer against the manifest beside it: the bundled pair, a copy with one byte
/// flipped, and small hand-made pairs for each way a manifest can fail. The expected digests
/// come from `sha256sum`, never from the code under test.
@Suite struct ManifestCheckTests {
    static let sha256sum: String? = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let bundled = try? GazetteerLocation.resolve(explicit: nil)
    static var canCheckBundled: Bool { sha256sum != nil && bundled.map { FileManager.default.fileExists(atPath: $0) } == true }

    @Test(.enabled(if: ManifestCheckTests.canCheckBundled, "needs the bundled gazetteer and sha256sum"))
    func theBundledGazetteerIsWhatItsManifestSays() throws {
        let path = try #require(Self.bundled)
        let check = ManifestCheck.run(gazetteerPath: path)
        #expect(check.problem == nil)
        #expect(check.isIntact)
        #expect(check.actualSHA256 == (try Self.digest(path)))
        #expect(check.expectedSHA256 == (try Self.manifestDigest(beside: path)))
        #expect(check.manifestPath == URL(fileURLWithPath: path).deletingLastPathComponent().path + "/manifest.json")
    }

    @Test(.enabled(if: ManifestCheckTests.canCheckBundled, "needs the bundled gazetteer and sha256sum"))
    func aCopyWithOneByteFlippedDiffers() throws {
        let source = try #require(Self.bundled)
        let folder = try Folder()
        let copy = folder.path + "/gazetteer.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: source).deletingLastPathComponent().path + "/manifest.json",
                                         toPath: folder.path + "/manifest.json")
        let handle = try #require(FileHandle(forUpdatingAtPath: copy))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: [byte ^ 0x01])
        try handle.close()

        let check = ManifestCheck.run(gazetteerPath: copy)
        let flipped = try Self.digest(copy)
        let recorded = try Self.manifestDigest(beside: source)
        #expect(flipped != recorded)
        #expect(check.actualSHA256 == flipped)
        #expect(check.expectedSHA256 == recorded)
        #expect(check.problem == "sha256 \(flipped) differs from the manifest's \(recorded)")
    }

    @Test(.enabled(if: ManifestCheckTests.sha256sum != nil, "sha256sum is not installed"))
    func aSmallPairThatAgrees() throws {
        let folder = try Folder()
        let path = try folder.gazetteer(Array("not a database, only bytes to hash".utf8))
        let digest = try Self.digest(path)
        try folder.manifest(#"{"files": {"gazetteer.sqlite": {"bytes": 34, "sha256": "\#(digest.uppercased())"}}}"#)
        let check = ManifestCheck.run(gazetteerPath: path)
        #expect(check.problem == nil)
        #expect(check.expectedSHA256 == digest && check.actualSHA256 == digest)
        #expect(check.expectedBytes == 34 && check.actualBytes == 34)
    }

    @Test(.enabled(if: ManifestCheckTests.sha256sum != nil, "sha256sum is not installed"))
    func aFileOfAnotherSizeSaysBoth() throws {
        let folder = try Folder()
        let path = try folder.gazetteer([1, 2, 3])
        let recorded = try Self.digest(path)
        try folder.manifest(#"{"files": {"gazetteer.sqlite": {"bytes": 3, "sha256": "\#(recorded)"}}}"#)
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: path))
        let now = try Self.digest(path)
        #expect(ManifestCheck.run(gazetteerPath: path).problem == "4 bytes, the manifest says 3; sha256 \(now), the manifest says \(recorded)")
    }

    @Test func eachWayAManifestFailsIsNamed() throws {
        let folder = try Folder()
        let path = try folder.gazetteer([0x53, 0x51])
        let manifest = folder.path + "/manifest.json"
        #expect(ManifestCheck.run(gazetteerPath: path).problem == "\(manifest): no such file (the manifest belongs beside the gazetteer)")
        let cases: [(String, String)] = [
            ("{\"files\": ", "not a JSON object"),
            ("[1, 2]", "not a JSON object"),
            (#"{"files": {"other.sqlite": {"sha256": "00"}}}"#, "no files → gazetteer.sqlite → sha256"),
            (#"{"files": {"gazetteer.sqlite": {"sha256": 7}}}"#, "no files → gazetteer.sqlite → sha256"),
            (#"{"files": {"gazetteer.sqlite": {"sha256": "abc"}}}"#, "files → gazetteer.sqlite → sha256 is not 64 hexadecimal digits"),
            (#"{"files": {"gazetteer.sqlite": {"sha256": "\#(String(repeating: "g", count: 64))"}}}"#,
             "files → gazetteer.sqlite → sha256 is not 64 hexadecimal digits"),
        ]
        for (text, reason) in cases {
            try folder.manifest(text)
            let check = ManifestCheck.run(gazetteerPath: path)
            #expect(check.problem == "\(manifest): \(reason)", "\(text)")
            #expect(check.expectedSHA256 == nil)
        }
        // A manifest is kilobytes: a huge one is refused before it is parsed.
        try folder.manifest("{\"pad\": \"" + String(repeating: "x", count: ManifestCheck.manifestByteLimit) + "\"}")
        #expect(ManifestCheck.run(gazetteerPath: path).problem == "\(manifest): larger than 1048576 bytes, no manifest")
    }

    @Test func aMissingGazetteerIsNamed() throws {
        let folder = try Folder()
        try folder.manifest(#"{"files": {"gazetteer.sqlite": {"sha256": "\#(String(repeating: "0", count: 64))"}}}"#)
        let check = ManifestCheck.run(gazetteerPath: folder.path + "/gazetteer.sqlite")
        #expect(check.problem == "no such file")
        #expect(check.actualSHA256 == nil)
    }

    // MARK: - Helpers

    /// A temporary folder, removed with the value.
    final class Folder {
        let path = Scratch.root.appendingPathComponent("atlas-manifest-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func gazetteer(_ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/gazetteer.sqlite"))
            return path + "/gazetteer.sqlite"
        }

        func manifest(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/manifest.json"))
        }
    }

    /// What `sha256sum` prints for the file.
    static func digest(_ path: String) throws -> String {
        let result = try AtlasBinary.run(program: try #require(sha256sum), [path], environment: nil)
        try #require(result.status == 0)
        return String(result.stdout.prefix(64))
    }

    /// The manifest's `files` → `gazetteer.sqlite` → `sha256`, read with Foundation.
    static func manifestDigest(beside gazetteer: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: gazetteer).deletingLastPathComponent().appendingPathComponent("manifest.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(((object["files"] as? [String: Any])?["gazetteer.sqlite"] as? [String: Any])?["sha256"] as? String)
    }
}
