import Testing
@testable import Importer

/// The pairing stage: which files of a folder are media, sidecars of which, tracks, orphans.
@Suite struct MediaPairingTests {
    private func files(_ names: String...) -> [LibraryWalker.File] {
        names.enumerated().map { LibraryWalker.File(path: "/lib/" + $1, size: Int64(100 + $0), modifiedNs: 1_000 + Int64($0)) }
    }

    private func pairs(_ folder: MediaPairing.Folder) -> [String: [String?]] {
        Dictionary(uniqueKeysWithValues: folder.media.map { ($0.file.name, [$0.xmp?.name, $0.takeout?.name]) })
    }

    @Test func bothXMPConventionsInAnyCaseAndTheWholeNameFirst() {
        let folder = MediaPairing.pair(files("A.JPG", "A.xmp", "B.jpg", "B.JPG.XMP", "C.NEF", "C.xmp", "C.NEF.xmp"))
        let p = pairs(folder)
        #expect(p["A.JPG"] == ["A.xmp", nil])
        #expect(p["B.jpg"] == ["B.JPG.XMP", nil])
        // darktable's NAME.EXT.xmp is the one written for this file; Lightroom's NAME.xmp second.
        #expect(p["C.NEF"] == ["C.NEF.xmp", nil])
        #expect(folder.orphans.map(\.name) == ["C.xmp"])
        #expect(folder.media.count == 3)
    }

    @Test func takeoutNamesPlainSupplementalNumberedTruncatedAndEdited() {
        let long = "a_very_long_file_name_from_a_phone_camera_2024.jpg"
        let cut = String((long + ".supplemental-metadata").prefix(46)) + ".json"
        let folder = MediaPairing.pair(files("IMG.jpg", "IMG.jpg.json", "IMG(1).jpg", "IMG.jpg(1).json",
                                             "PXL.jpg", "PXL.jpg.supplemental-metadata.json", "PXL-edited.jpg",
                                             long, cut, "metadata.json"))
        let p = pairs(folder)
        #expect(p["IMG.jpg"] == [nil, "IMG.jpg.json"])
        #expect(p["IMG(1).jpg"] == [nil, "IMG.jpg(1).json"])
        #expect(p["PXL.jpg"] == [nil, "PXL.jpg.supplemental-metadata.json"])
        #expect(p["PXL-edited.jpg"] == [nil, "PXL.jpg.supplemental-metadata.json"])
        #expect(p[long] == [nil, cut])
        // An album's metadata.json is no sidecar: an ordinary file, read and passed over.
        #expect(p["metadata.json"] == [nil, nil])
        #expect(folder.orphans.isEmpty)
    }

    @Test func tracksAndOrphansAreNotMedia() {
        let folder = MediaPairing.pair(files("walk.GPX", "gone.jpg.json", "gone.xmp", "x.jpg"))
        #expect(folder.tracks.map(\.name) == ["walk.GPX"])
        #expect(folder.orphans.map(\.name) == ["gone.jpg.json", "gone.xmp"])
        #expect(folder.media.map(\.file.name) == ["x.jpg"])
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
