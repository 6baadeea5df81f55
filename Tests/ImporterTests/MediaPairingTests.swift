import Testing
@testable import Importer

/// The pairing stage: which files of a folder are media, sidecars of which, tracks, orphans.
@Suite struct MediaPairingTests {
    private func folder(_ names: String...) -> (MediaPairing.Folder, [String]) { (MediaPairing.Folder(path: "/lib", names: names), names) }

    /// Media name → its XMP and Takeout sidecars.
    private func pairs(_ f: (MediaPairing.Folder, [String])) -> [String: [String?]] {
        var out: [String: [String?]] = [:]
        for name in f.1 { if case .media(let xmp, let takeout) = f.0.role(of: name) { out[name] = [xmp, takeout] } }
        return out
    }

    private func names(_ f: (MediaPairing.Folder, [String]), _ role: MediaPairing.Role) -> [String] { f.1.filter { f.0.role(of: $0) == role } }

    @Test func bothXMPConventionsInAnyCaseAndTheWholeNameFirst() {
        let f = folder("A.JPG", "A.xmp", "B.jpg", "B.JPG.XMP", "C.NEF", "C.NEF.xmp", "C.xmp")
        let p = pairs(f)
        #expect(p["A.JPG"] == ["A.xmp", nil])
        #expect(p["B.jpg"] == ["B.JPG.XMP", nil])
        // darktable's NAME.EXT.xmp is the one written for this file; Lightroom's NAME.xmp second.
        #expect(p["C.NEF"] == ["C.NEF.xmp", nil])
        #expect(names(f, .orphan) == ["C.xmp"])
        #expect(names(f, .sidecar) == ["A.xmp", "B.JPG.XMP", "C.NEF.xmp"])
        #expect(p.count == 3)
    }

    @Test func takeoutNamesPlainSupplementalNumberedTruncatedAndEdited() {
        let long = "a_very_long_file_name_from_a_phone_camera_2024.jpg"
        let cut = String((long + ".supplemental-metadata").prefix(46)) + ".json"
        let f = folder("IMG.jpg", "IMG.jpg.json", "IMG(1).jpg", "IMG.jpg(1).json",
                       "PXL.jpg", "PXL.jpg.supplemental-metadata.json", "PXL-edited.jpg",
                       long, cut, "metadata.json")
        let p = pairs(f)
        #expect(p["IMG.jpg"] == [nil, "IMG.jpg.json"])
        #expect(p["IMG(1).jpg"] == [nil, "IMG.jpg(1).json"])
        #expect(p["PXL.jpg"] == [nil, "PXL.jpg.supplemental-metadata.json"])
        #expect(p["PXL-edited.jpg"] == [nil, "PXL.jpg.supplemental-metadata.json"])
        #expect(p[long] == [nil, cut])
        // An album's metadata.json is no sidecar: an ordinary file, read and passed over.
        #expect(p["metadata.json"] == [nil, nil])
        #expect(names(f, .orphan).isEmpty)
    }

    @Test func tracksAndOrphansAreNotMedia() {
        let f = folder("gone.jpg.json", "gone.xmp", "walk.GPX", "x.jpg")
        #expect(names(f, .track) == ["walk.GPX"])
        #expect(names(f, .orphan) == ["gone.jpg.json", "gone.xmp"])
        #expect(Array(pairs(f).keys) == ["x.jpg"])
        // A folder of plain photos has nothing to look up.
        #expect(MediaPairing.Folder(path: "/lib", names: ["a.jpg", "b.heic"]).role(of: LibraryWalker.File(path: "/lib/a.jpg", size: 1, modifiedNs: 1)) == .media(xmp: nil, takeout: nil))
    }

    @Test func theSidecarsOfAFileAreTheFilesOnDisk() throws {
        let library = try Library()
        try library.writeFile("a.jpg.xmp", Array("<x/>".utf8))
        let folder = MediaPairing.Folder(path: library.root, names: ["a.jpg", "a.jpg.xmp", "a.jpg.json"])
        let photo = LibraryWalker.File(path: library.root + "/a.jpg", size: 3, modifiedNs: 1)
        let media = folder.media(photo, xmp: "a.jpg.xmp", takeout: "a.jpg.json")
        #expect(media.xmp?.path == library.root + "/a.jpg.xmp" && media.xmp?.size == 4)
        // Gone since the folder was listed: no sidecar.
        #expect(media.takeout == nil)
    }

    @Test func theStampChangesWithAnySidecar() {
        let photo = LibraryWalker.File(path: "/lib/a.jpg", size: 1, modifiedNs: 1)
        let xmp = LibraryWalker.File(path: "/lib/a.xmp", size: 10, modifiedNs: 5)
        #expect(MediaPairing.Media(file: photo).sidecarStamp == nil)
        let stamp = MediaPairing.Media(file: photo, xmp: xmp).sidecarStamp
        #expect(stamp == "a.xmp\t10\t5")
        let edited = MediaPairing.Media(file: photo, xmp: LibraryWalker.File(path: "/lib/a.xmp", size: 10, modifiedNs: 6)).sidecarStamp
        #expect(edited != stamp)
        let both = MediaPairing.Media(file: photo, xmp: xmp, takeout: LibraryWalker.File(path: "/lib/a.jpg.json", size: 3, modifiedNs: 2)).sidecarStamp
        #expect(both == "a.xmp\t10\t5\na.jpg.json\t3\t2")
    }

    @Test func aFileAloneFindsTheSidecarsBesideIt() throws {
        let library = try Library()
        try library.writeFile("a.jpg", [0xFF, 0xD8, 0xFF])
        try library.writeFile("a.jpg.xmp", Array("<x/>".utf8))
        try library.writeFile("a.jpg.json", Array("{}".utf8))
        try library.writeFile("sub/b.jpg", [0xFF, 0xD8, 0xFF])
        let media = try #require(MediaPairing.media(at: library.root + "/a.jpg"))
        #expect(media.xmp?.name == "a.jpg.xmp" && media.takeout?.name == "a.jpg.json")
        #expect(MediaPairing.media(at: library.root + "/sub/b.jpg")?.xmp == nil)
        #expect(MediaPairing.media(at: library.root + "/nothing.jpg") == nil)
    }
}
