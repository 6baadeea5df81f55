import Foundation
import Testing
@testable import Importer

@Suite struct LibraryWalkerTests {
    func paths(_ walker: LibraryWalker, _ root: String) -> [String] {
        var out: [String] = []
        walker.walk(root: root) { out.append(String($0.path.dropFirst(root.count + 1))); return true }
        return out
    }

    @Test func skipsJunkAndExcludedAndKeepsNameOrder() throws {
        let library = try Library()
        for name in ["b/2.jpg", "a.jpg", "b/1.jpg", ".thumbnails/t.jpg", "@eaDir/x.jpg", "._a.jpg", ".Trash-1000/old.jpg",
                     ".AppleDouble/y.jpg", "private/p.jpg", "c.mov"] {
            try library.writeFile(name, [1])
        }
        let root = LibraryWalker.canonical(library.root)!
        #expect(Set(paths(LibraryWalker(), root)) == ["a.jpg", "c.mov", "private/p.jpg", "b/1.jpg", "b/2.jpg"])
        #expect(Set(paths(LibraryWalker(excludes: ["private", "*.mov"]), root)) == ["a.jpg", "b/1.jpg", "b/2.jpg"])
        #expect(paths(LibraryWalker(), root + "/a.jpg") == [""])   // a file as root is itself
    }

    @Test func symlinksAreSkippedUnlessFollowedAndLoopsEnd() throws {
        let library = try Library()
        try library.writeFile("real/a.jpg", [1])
        try library.writeFile("other/b.jpg", [1])
        let root = LibraryWalker.canonical(library.root)!
        try FileManager.default.createSymbolicLink(atPath: root + "/real/loop", withDestinationPath: root + "/real")
        try FileManager.default.createSymbolicLink(atPath: root + "/real/up", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/real/link.jpg", withDestinationPath: root + "/other/b.jpg")
        #expect(Set(paths(LibraryWalker(), root)) == ["real/a.jpg", "other/b.jpg"])
        let followed = paths(LibraryWalker(followSymlinks: true), root)
        // Every directory is entered once: the loops add nothing but the linked file.
        #expect(Set(followed) == ["real/a.jpg", "other/b.jpg", "real/link.jpg"])
        #expect(followed.count == 3)
    }

    @Test func reportsSizeAndNanosecondModificationTime() throws {
        let library = try Library()
        try library.writeFile("a.jpg", [1, 2, 3])
        let when = Date(timeIntervalSince1970: 1_700_000_000.5)
        try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: library.root + "/a.jpg")
        var files: [LibraryWalker.File] = []
        LibraryWalker().walk(root: library.root) { files.append($0); return true }
        #expect(files.count == 1)
        #expect(files.first?.size == 3)
        #expect(files.first?.modifiedNs == 1_700_000_000_500_000_000)
    }
}
