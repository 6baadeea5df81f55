import Testing
@testable import PhotoMetadata

@Suite struct ImageFormatTests {
    private func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        [0, 0, 0, 24] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    }

    @Test func recognisesByMagicBytes() {
        #expect(ImageFormat(magic: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(magic: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat(magic: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat(magic: ftyp("heic")) == .heif)
        #expect(ImageFormat(magic: ftyp("avif")) == .avif)
        #expect(ImageFormat(magic: ftyp("mif1", ["mif1", "avif"])) == .avif)
        #expect(ImageFormat(magic: ftyp("mif1", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(magic: ftyp("crx ")) == .cr3)
    }

    @Test func recognisesVideosByBrandOrFirstBox() {
        #expect(ImageFormat(magic: ftyp("qt  ")) == .mov)
        #expect(ImageFormat(magic: ftyp("isom", ["isom", "avc1"])) == .mp4)
        #expect(ImageFormat(magic: ftyp("mp42")) == .mp4)
        #expect(ImageFormat(magic: ftyp("M4V ")) == .m4v)
        #expect(ImageFormat(magic: ftyp("3gp4")) == .threeGPP)
        #expect(ImageFormat(magic: ftyp("3g2a")) == .threeGPP)
        for first in ["moov", "mdat", "wide", "free"] {
            #expect(ImageFormat(magic: [0, 0, 0, 8] + Array(first.utf8)) == .mov)
        }
        #expect(ImageFormat.allCases.filter(\.isVideo) == [.mov, .mp4, .m4v, .threeGPP])
        #expect(ImageFormat.threeGPP.rawValue == "3gp")
    }

    @Test func rejectsOtherFiles() {
        #expect(ImageFormat(magic: Array("%PDF-1.7".utf8)) == nil)
        #expect(ImageFormat(magic: ftyp("M4A ")) == nil)  // iTunes audio
        #expect(ImageFormat(magic: [0, 0, 0, 8] + Array("skip".utf8)) == nil)
        #expect(ImageFormat(magic: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageFormat(magic: []) == nil)
    }
}
