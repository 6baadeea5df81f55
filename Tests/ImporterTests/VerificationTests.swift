import Foundation
import Gazetteer
import PhotoMetadata
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer
#if canImport(Glibc)
import Glibc
#endif

/// `atlas verify`'s checks end to end, in process: a generated library imported for real, then
/// files deleted, moved, grown, touched, rewritten in place and hidden behind a loop; then
/// imported again, which takes in what changed and leaves only what it knows is missing.
@Suite(.serialized) struct VerificationTests {
    func importLibrary(_ library: Library) throws {
        let importer = Importer(log: try TravelLog(path: library.database), finder: ImporterTests.finder,
                                options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: 2))
        _ = try importer.run()
    }

    func counts(_ v: Verification) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: v.findings.map { ($0.kind.rawValue, $0.count) })
    }

    @Test func aLibraryThatChangesAfterItsImport() throws {
        let library = try Library()
        let a = try library.write(30, in: "a", heic: false).map { LibraryWalker.canonical($0)! }
        let b = try library.write(10, in: "b", startingAt: 30).map { LibraryWalker.canonical($0)! }
        try importLibrary(library)

        let clean = Verification.run(logPath: library.database, gazetteer: nil, options: .init(deep: true))
        #expect(clean.photos == 40)
        #expect(clean.findings.map(\.kind) == VerificationFinding.Kind.allCases)
        #expect(clean.findings.allSatisfy { $0.severity == .ok && $0.count == 0 && $0.items.isEmpty }, "\(clean.findings)")
        #expect(clean.severity == .ok)
        #expect(clean.gazetteerPath == (try GazetteerLocation.resolve(explicit: nil)))

        // a/0 deleted, a/1 moved away, a/2 grown, a/3 touched, a/6 rewritten in place (same
        // size, time put back), b/ behind a symbolic link to itself.
        try FileManager.default.removeItem(atPath: a[0])
        try FileManager.default.createDirectory(atPath: library.root + "/sorted", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: a[1], toPath: library.root + "/sorted/moved.jpg")
        let grown = try #require(FileHandle(forWritingAtPath: a[2]))
        try grown.seekToEnd()
        try grown.write(contentsOf: [0x00])
        try grown.close()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)], ofItemAtPath: a[3])
        let before = try FileCheckTests.stamp(a[6])
        var other = Library.photo(6)
        other.longitude = (other.longitude ?? 0) - 2
        try #require(other.jpeg().count == Int(before.size))
        try Data(other.jpeg()).write(to: URL(fileURLWithPath: a[6]))
        try FileCheckTests.setModified(a[6], ns: before.modifiedNs)
        let folderB = URL(fileURLWithPath: b[0]).deletingLastPathComponent().path
        try FileManager.default.moveItem(atPath: folderB, toPath: library.root + "/b-hidden")
        try FileManager.default.createSymbolicLink(atPath: folderB, withDestinationPath: folderB)

        let shallow = Verification.run(logPath: library.database, gazetteer: nil, options: .init(deep: false, limit: 3))
        #expect(counts(shallow) == ["gone": 2, "changed": 2, "exif": 0, "unreadable": 10, "known-missing": 0,
                                    "integrity": 0, "aggregates": 0, "gazetteer": 0])
        #expect(shallow.severity == .attention)
        #expect(shallow.finding(.gone)?.items.map(\.subject) == [a[0], a[1]])
        #expect(shallow.finding(.changed)?.items.map(\.subject) == [a[2], a[3]])
        #expect(shallow.finding(.changed)?.items.first?.detail.hasPrefix("size ") == true)
        #expect(shallow.finding(.changed)?.items.last?.detail.hasSuffix(" → 2027-01-15T08:00:00Z") == true)
        #expect(shallow.finding(.exif)?.severity == .note)
        // Ten unreadable, the first three listed, in path order.
        #expect(shallow.finding(.unreadable)?.items.map(\.subject) == Array(b.sorted().prefix(3)))

        let deep = Verification.run(logPath: library.database, gazetteer: nil, options: .init(deep: true, limit: nil))
        #expect(counts(deep)["exif"] == 1)
        #expect(deep.finding(.exif)?.items.map(\.subject) == [a[6]])
        #expect(deep.finding(.unreadable)?.items.count == 10)

        // The folder back, a new import: the moved file is found moved, the deleted one
        // marked missing, the changed ones read again. The one rewritten with its time put
        // back is not read again (same size and time), so only --deep still sees it.
        try FileManager.default.removeItem(atPath: folderB)
        try FileManager.default.moveItem(atPath: library.root + "/b-hidden", toPath: folderB)
        try importLibrary(library)
        let after = Verification.run(logPath: library.database, gazetteer: nil, options: .init(deep: true))
        #expect(counts(after) == ["gone": 0, "changed": 0, "exif": 1, "unreadable": 0, "known-missing": 1,
                                  "integrity": 0, "aggregates": 0, "gazetteer": 0])
        #expect(after.finding(.knownMissing)?.items.map(\.subject) == [a[0]])
        #expect(after.finding(.knownMissing)?.severity == .note)
        #expect(after.severity == .attention)
        #expect(after.photos == 40)
    }

    @Test func aLogThatCannotBeOpenedIsDamagedAndTheRestNotChecked() throws {
        let library = try Library()
        let v = Verification.run(logPath: library.database, gazetteer: nil)
        #expect(v.severity == .damaged)
        let integrity = try #require(v.finding(.integrity))
        #expect(integrity.severity == .damaged && integrity.count == 1)
        #expect(integrity.items.map(\.subject) == [library.database])
        #expect(integrity.items.map(\.detail) == ["no travel log here yet (run 'atlas import' first)"])
        #expect(!v.photosComplete && v.photos == 0)
        for kind in [VerificationFinding.Kind.gone, .changed, .exif, .unreadable, .knownMissing, .aggregates] {
            #expect(v.finding(kind)?.severity == .note, "\(kind)")
        }
        // The gazetteer is checked all the same.
        #expect(v.finding(.gazetteer)?.severity == .ok)
    }

    @Test func aGazetteerThatIsNotThereIsDamage() throws {
        let library = try Library()
        try library.write(2)
        try importLibrary(library)
        let missing = library.root + "/nowhere/gazetteer.sqlite"
        let v = Verification.run(logPath: library.database, gazetteer: missing)
        #expect(v.severity == .damaged)
        #expect(v.finding(.gazetteer)?.items.map(\.detail) == ["\(library.root)/nowhere/manifest.json: no such file (the manifest belongs beside the gazetteer)"])
        #expect(v.findings.filter { $0.severity != .ok }.map(\.kind) == [.exif, .gazetteer])
    }
}
