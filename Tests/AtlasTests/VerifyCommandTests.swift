import Foundation
import Gazetteer
import SQLite
import SyntheticPhotos
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `atlas verify` as people run it: a generated library imported by the built `atlas`, then
/// checked clean, with files gone, changed and unreadable, with a page of the log overwritten,
/// with an aggregate row edited by hand, and against a gazetteer copy with one byte flipped.
/// Digests to compare come from `sha256sum`.
@Suite struct VerifyCommandTests {
    /// Twelve photos over six days (Lyon, Milan, Lisbon) in `root/trip`, imported into `db`.
    final class Imported {
        let root = SampleLog.temporaryDirectory()
        var db: String { root + "/atlas.sqlite" }
        var trip: String { root + "/trip" }
        let photos: [String]

        init(count: Int = 12) throws {
            let root = self.root
            try FileManager.default.createDirectory(atPath: root + "/trip", withIntermediateDirectories: true)
            let stops = [(45.7640, 4.8357), (45.4642, 9.1900), (38.7223, -9.1393)]
            photos = try (0..<count).map { i in
                let (lat, lon) = stops[i / 4 % 3]
                let photo = SyntheticPhoto(latitude: lat + Double(i) * 0.001, longitude: lon,
                                           dateTimeOriginal: String(format: "2024:07:%02d %02d:30:00", 1 + i / 2, 8 + i % 12), offsetTimeOriginal: "+02:00")
                let path = String(format: "%@/trip/IMG_%04d.jpg", root, i)
                try Data(photo.jpeg()).write(to: URL(fileURLWithPath: path))
                return path
            }
            let imported = try AtlasBinary.run(["import", trip, "--db", db, "--progress", "never"])
            try #require(imported.status == 0, "\(imported.stderr)")
            // Every page into the log's own file, so a copy of that file is the whole log.
            try Database(path: db, mode: .readWrite).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }

        deinit {
            chmod(trip, 0o755)
            try? FileManager.default.removeItem(atPath: root)
        }

        func verify(_ more: String...) throws -> AtlasBinary.Result {
            try AtlasBinary.run(["verify", "--db", db] + more)
        }
    }

    static let sha256sum: String? = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let gazetteer = try? GazetteerLocation.resolve(explicit: nil)
    static var ready: Bool { sha256sum != nil && gazetteer != nil }

    static func digest(_ path: String) throws -> String {
        let result = try AtlasBinary.run(program: try #require(sha256sum), [path], environment: nil)
        return String(result.stdout.prefix(64))
    }

    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func aCleanLibrarySaysSoAndChangesNothing() throws {
        let library = try Imported()
        let before = try Data(contentsOf: URL(fileURLWithPath: library.db))
        let result = try library.verify()
        let gazetteer = try #require(Self.gazetteer)
        let manifest = URL(fileURLWithPath: gazetteer).deletingLastPathComponent().path + "/manifest.json"
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            log \(library.db): 12 photos
            gone: ok
            changed: ok
            exif: not checked: --deep reads each file's Exif again
            unreadable: ok
            known missing: ok
            integrity: ok
            aggregates: ok
            gazetteer: ok (sha256 \(try Self.digest(gazetteer)) as \(manifest) says)
            disk: log 
            """), "\(result.stdout)")
        #expect(result.lines.count == 10, "\(result.stdout)")
        #expect(result.stderr == "atlas verify: all is well\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.db)) == before)

        let deep = try library.verify("--deep", "--json")
        #expect(deep.status == 0)
        #expect(deep.stdout.hasPrefix(#"{"log":"\#(library.db)","gazetteer":"\#(gazetteer)","deep":true,"photos":12,"photos_complete":true,"status":"ok","disk":{"log_bytes":"#))
        #expect(deep.stdout.contains(#"},"checks":[{"kind":"gone","status":"ok","count":0,"note":null,"paths":[]},"#))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(deep.stdout.utf8)) as? [String: Any])
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.map { $0["kind"] as? String } == ["gone", "changed", "exif", "unreadable", "known-missing", "integrity", "aggregates", "gazetteer"])
        #expect(checks.allSatisfy { $0["status"] as? String == "ok" && $0["count"] as? Int == 0 })
        // The same inputs, the same bytes.
        #expect(try library.verify("--deep", "--json").stdout == deep.stdout)
    }

    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func filesGoneMovedAndChangedNeedAttention() throws {
        let library = try Imported()
        try FileManager.default.removeItem(atPath: library.photos[0])
        try FileManager.default.moveItem(atPath: library.photos[1], toPath: library.root + "/moved.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: library.photos[2]))
        let result = try library.verify()
        #expect(result.status == 3)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines[1...4]) == [
            "gone: 2",
            "  \(library.photos[0]): no such file",
            "  \(library.photos[1]): no such file",
            "changed: 1",
        ])
        #expect(lines[5].hasPrefix("  \(library.photos[2]): size ") && lines[5].contains(" → 3 bytes"))
        #expect(lines.contains("integrity: ok") && lines.contains("aggregates: ok") && lines.contains { $0.hasPrefix("gazetteer: ok") })
        #expect(result.stderr.contains("need attention"))
        let json = try library.verify("--json")
        #expect(json.status == 3)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["status"] as? String == "attention")
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks[0]["paths"] as? [String] == [library.photos[0], library.photos[1]])
        #expect(checks[1]["count"] as? Int == 1 && checks[1]["status"] as? String == "attention")
    }

    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func theFirstTenOfAKindUnlessAll() throws {
        let library = try Imported()
        for path in library.photos { try FileManager.default.removeItem(atPath: path) }
        let result = try library.verify()
        #expect(result.status == 3)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "gone: 12")
        #expect(Array(lines[2...11]) == library.photos.prefix(10).map { "  \($0): no such file" })
        #expect(lines[12] == "  … and 2 more (--all lists every one)")
        let all = try library.verify("--all").stdout.split(separator: "\n").map(String.init)
        #expect(Array(all[2...13]) == library.photos.map { "  \($0): no such file" })
        #expect(all[14] == "changed: ok")
    }

    static let permissionsBind: Bool = {
        let folder = SampleLog.temporaryDirectory()
        defer {
            chmod(folder, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        guard FileManager.default.createFile(atPath: folder + "/f", contents: Data([1])) else { return false }
        chmod(folder, 0)
        var s = stat()
        return stat(folder + "/f", &s) != 0 && errno == EACCES
    }()

    @Test(.enabled(if: VerifyCommandTests.ready && VerifyCommandTests.permissionsBind, "chmod 000 does not keep this user (root) out of a folder"))
    func aFolderWithoutPermissionIsUnreadable() throws {
        let library = try Imported()
        chmod(library.trip, 0)
        let result = try library.verify()
        chmod(library.trip, 0o755)
        #expect(result.status == 3)
        #expect(result.stdout.contains("\ngone: ok\n"))
        #expect(result.stdout.contains("\nunreadable: 12\n  \(library.photos[0]): folder \(library.trip) cannot be searched (Permission denied)\n"))
    }

    /// Garbage over page 3 of a copy of the log (the page size from the header's bytes 16-17).
    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func aDamagedPageIsFatal() throws {
        let library = try Imported()
        let copy = library.root + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: library.db, toPath: copy)
        let handle = try #require(FileHandle(forUpdatingAtPath: copy))
        let header = try #require(try handle.read(upToCount: 100))
        let pageSize = header[16] == 0 && header[17] == 1 ? 65_536 : Int(header[16]) << 8 | Int(header[17])
        try #require(try handle.seekToEnd() >= UInt64(4 * pageSize))
        try handle.seek(toOffset: UInt64(2 * pageSize))
        try handle.write(contentsOf: [UInt8](repeating: 0xA5, count: pageSize))
        try handle.close()
        let result = try AtlasBinary.run(["verify", "--db", copy])
        #expect(result.status == 2)
        // SQLite names the page, or says the file is malformed when the page is one it needs to start.
        #expect(result.stdout.contains("\n  \(copy): Page 3: ") || result.stdout.contains("\n  \(copy): integrity_check could not run: database disk image is malformed"),
                "\(result.stdout)")
        #expect(result.stderr == "atlas verify: the travel log or the gazetteer is damaged\n")
        #expect(try library.verify().status == 0, "the original is untouched")
    }

    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func anAggregateRowEditedByHandIsFatal() throws {
        let library = try Imported()
        let copy = library.root + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: library.db, toPath: copy)
        try Database(path: copy, mode: .readWrite).execute("UPDATE place_days SET photos = photos + 5 WHERE date = '2024-07-04'")
        let result = try AtlasBinary.run(["verify", "--db", copy])
        #expect(result.status == 2)
        #expect(result.stdout.contains("\naggregates: 1\n  2024-07-04: stored rows differ from the photos\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\nintegrity: ok\n"))
        let json = try AtlasBinary.run(["verify", "--db", copy, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let aggregates = try #require((document["checks"] as? [[String: Any]])?.first { $0["kind"] as? String == "aggregates" })
        #expect(aggregates["dates"] as? [String] == ["2024-07-04"] && aggregates["status"] as? String == "damaged")
    }

    /// The bundled gazetteer and its manifest copied to a folder, one byte flipped in the copy.
    @Test(.enabled(if: VerifyCommandTests.ready, "needs the bundled gazetteer and sha256sum"))
    func aGazetteerWithOneByteFlippedIsFatal() throws {
        let library = try Imported()
        let source = try #require(Self.gazetteer)
        let folder = library.root + "/share"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder + "/gazetteer.sqlite")
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: source).deletingLastPathComponent().path + "/manifest.json",
                                         toPath: folder + "/manifest.json")
        let handle = try #require(FileHandle(forUpdatingAtPath: folder + "/gazetteer.sqlite"))
        try handle.seek(toOffset: 1_000_000)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: 1_000_000)
        try handle.write(contentsOf: [~byte])
        try handle.close()

        let result = try library.verify("--gazetteer", folder + "/gazetteer.sqlite")
        #expect(result.status == 2)
        let flipped = try Self.digest(folder + "/gazetteer.sqlite"), original = try Self.digest(source)
        #expect(result.stdout.contains("""
            gazetteer: 1 (sha256 \(flipped))
              \(folder)/gazetteer.sqlite: sha256 \(flipped) differs from the manifest's \(original)
            disk: log 
            """), "\(result.stdout)")
        #expect(result.stdout.contains("\ngone: ok\n") && result.stdout.contains("\naggregates: ok\n"))

        try FileManager.default.removeItem(atPath: folder + "/manifest.json")
        let bare = try library.verify("--gazetteer", folder + "/gazetteer.sqlite")
        #expect(bare.status == 2)
        #expect(bare.stdout.contains("\(folder)/manifest.json: no such file"))
    }

    @Test func helpAndUsage() throws {
        let help = try AtlasBinary.run(["verify", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: atlas verify [--deep] [--all]"))
        #expect(help.stdout.contains("Exit status: 0 all is well"))
        let overview = try AtlasBinary.run(["--help"]).stdout
        let errors = try #require(overview.range(of: "  errors ")), verify = try #require(overview.range(of: "  verify "))
        #expect(errors.upperBound < verify.lowerBound)
        let typo = try AtlasBinary.run(["verify", "--deeep", "--db", "/nonexistent"])
        #expect(typo.status == 1 && typo.stderr.contains("unknown option '--deeep'; did you mean '--deep'?"))
        let extra = try AtlasBinary.run(["verify", "somewhere", "--db", "/nonexistent"])
        #expect(extra.status == 1 && extra.stderr.contains("verify takes no file arguments"))
    }
}
