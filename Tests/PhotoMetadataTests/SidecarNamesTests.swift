import Testing
@testable import PhotoMetadata

@Suite struct SidecarNamesTests {
    @Test func xmpByWholeNameFirstThenBaseNameInAnyCase() {
        #expect(SidecarNames.xmp(for: "DSC_0101.JPG", among: ["DSC_0101.JPG", "DSC_0101.JPG.xmp", "DSC_0101.xmp"]) == "DSC_0101.JPG.xmp")
        #expect(SidecarNames.xmp(for: "DSC_0100.JPG", among: ["DSC_0100.JPG", "DSC_0100.XMP"]) == "DSC_0100.XMP")
        #expect(SidecarNames.xmp(for: "a.b.jpg", among: ["a.b.xmp"]) == "a.b.xmp")
        #expect(SidecarNames.xmp(for: "DSC_0100.JPG", among: ["DSC_0100.JPG", "DSC_0109.xmp"]) == nil)
    }

    @Test func takeoutNamesPlainNumberedTruncatedAndEdited() {
        #expect(SidecarNames.takeout(for: "IMG.jpg", among: ["IMG.jpg.json"]) == "IMG.jpg.json")
        #expect(SidecarNames.takeout(for: "PXL.jpg", among: ["PXL.jpg.json", "PXL.jpg.supplemental-metadata.json"]) == "PXL.jpg.supplemental-metadata.json")
        #expect(SidecarNames.takeout(for: "IMG(1).jpg", among: ["IMG.jpg.json", "IMG.jpg(1).json"]) == "IMG.jpg(1).json")
        #expect(SidecarNames.takeout(for: "IMG-edited.jpg", among: ["IMG.jpg.json"]) == "IMG.jpg.json")
        // Takeout keeps 46 characters before ".json", counted here from first principles.
        let long = "Screenshot_20240101-123456_Some Long App Name.png"   // 49 characters
        let cut = String(Array(long + ".supplemental-metadata").prefix(46)) + ".json"
        #expect(cut.count == 51)
        #expect(SidecarNames.takeout(for: long, among: [cut]) == cut)
        #expect(SidecarNames.takeout(for: long, among: [String(long.prefix(46)) + ".json"]) == String(long.prefix(46)) + ".json")
        #expect(SidecarNames.takeout(for: "IMG().jpg", among: ["IMG.jpg().json"]) == nil)
    }
}
