import Foundation
import Gazetteer
import PhotoMetadata
import Testing
import TravelLog
@testable import Importer
#if canImport(Glibc)
import Glibc
#endif

/// What a walk leaves out is never taken for gone: excluded and unreadable subtrees keep their
/// photos present, and what cannot be read is an error `atlas errors` lists.
@Suite(.serialized) struct WalkSkipTests {
    static func run(_ library: Library, excludes: [String] = []) throws -> ImportSummary {
        try Importer(log: TravelLog(path: library.database), finder: ImporterTests.finder,
                     options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, excludes: excludes, batchSize: 5)).run()
    }

    @Test func anExcludedFolderKeepsItsPhotosPresent() throws {
        let library = try Library()
        try library.write(3, in: "keep", heic: false)
        try library.write(3, in: "later", startingAt: 3, heic: false)
        #expect(try Self.run(library).counts.added == 6)
        let second = try Self.run(library, excludes: ["later", "*/IMG_00001.jpg"])
        #expect(second.counts.missing == 0 && second.counts.errors == 0)
        #expect(try TravelLog(path: library.database, readOnly: true).missingCount() == 0)
        // Deleted for real: missing, as before.
        try FileManager.default.removeItem(atPath: library.root + "/keep/IMG_00002.jpg")
        #expect(try Self.run(library, excludes: ["later"]).counts.missing == 1)
    }

    /// A chain of folders whose path passes PATH_MAX, made relative to each parent (the kernel
    /// refuses the whole path), with a photo at the bottom.
    @Test func aPathLongerThanTheSystemAllowsIsAnErrorNotASilentSkip() throws {
        let library = try Library()
        try library.write(1, heic: false)
        var fd = open(library.root, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        let name = String(repeating: "d", count: 250)
        for _ in 0..<18 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let photo = try Library.photo(7).jpeg()
        let file = openat(fd, "deep.jpg", O_WRONLY | O_CREAT, 0o644)
        #expect(photo.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == photo.count)
        close(file)
        close(fd)
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", library.root + "/" + name]).waitUntilExit() }

        let summary = try Self.run(library)
        #expect(summary.counts.added == 1 && summary.errorsByReason["path-too-long"] == 1)
        let errors = try TravelLog(path: library.database, readOnly: true).errors()
        #expect(errors.count == 1 && errors.first?.kind == "path-too-long" && errors.first?.path.hasSuffix(name) == true)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder: needs an ordinary user"))
    func anUnreadableFolderIsAnErrorAndItsPhotosStayPresent() throws {
        let library = try Library()
        try library.write(3, in: "locked", heic: false)
        #expect(try Self.run(library).counts.added == 3)
        chmod(library.root + "/locked", 0)
        defer { chmod(library.root + "/locked", 0o755) }
        let second = try Self.run(library)
        #expect(second.counts.missing == 0 && second.errorsByReason["unreadable"] == 1)
        let errors = try TravelLog(path: library.database, readOnly: true).errors()
        #expect(errors.map(\.path) == [LibraryWalker.canonical(library.root)! + "/locked"])
    }
}

/// Names that are not UTF-8 (a Latin-1 camera card, an old archive) are photos like any other.
@Suite(.serialized) struct NonUTF8NameTests {
    @Test func photosWithNamesThatAreNotUTF8AreImportedAndStayPresent() throws {
        let library = try Library()
        let folder: [UInt8] = Array("été-".utf8) + [0xE9, 0x74, 0xE9]      // a Latin-1 half in the folder name
        #expect(FileName.withCString(library.root + "/" + FileName.string(folder)) { mkdir($0, 0o755) } == 0)
        for (i, stray) in [UInt8(0xFF), 0xFE].enumerated() {
            let path = library.root + "/" + FileName.string(folder) + "/" + FileName.string(Array("IMG_".utf8) + [stray] + Array(".jpg".utf8))
            let bytes = try Library.photo(i).jpeg()
            let fd = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT, 0o644) }
            #expect(fd >= 0)
            #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
            close(fd)
        }
        let first = try WalkSkipTests.run(library)
        #expect(first.counts.added == 2 && first.counts.errors == 0 && first.positioned == 2)
        let second = try WalkSkipTests.run(library)
        #expect(second.counts.unchanged == 2 && second.counts.missing == 0)
        // The folder can be a root of its own, as the command line gives it.
        let root = try #require(LibraryWalker.canonical(library.root + "/" + FileName.string(folder)))
        let again = try Importer(log: TravelLog(path: library.database), finder: ImporterTests.finder, options: .init(roots: [root], jobs: 1)).run()
        #expect(again.counts.unchanged == 2)
    }
}
