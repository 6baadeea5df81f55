import SyntheticPhotos
import Testing
@testable import PhotoMetadata

/// Names that are not UTF-8 survive the trip into a String and back, byte for byte.
@Suite struct FileNameTests {
    @Test func validUTF8IsUntouched() {
        for name in ["IMG_0001.jpg", "été/Noël.heic", "東京.jpg", "emoji 📷.jpg", ""] {
            #expect(FileName.string(Array(name.utf8)) == name)
            #expect(FileName.bytes(name) == Array(name.utf8))
        }
    }

    @Test func strayBytesBecomePrivateUseCharactersAndComeBack() {
        let latin1 = [UInt8]([0x66, 0xE9, 0x74, 0xE9])            // "fété" in Latin-1
        let name = FileName.string(latin1)
        #expect(name == "f\u{F7E9}t\u{F7E9}")
        #expect(FileName.bytes(name) == latin1)
        // Cut sequences, overlong forms, surrogates and bytes above F4 are stray bytes too.
        for bytes: [UInt8] in [[0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF, 0x41], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(FileName.bytes(FileName.string(bytes)) == bytes, "\(bytes)")
        }
    }

    @Test func realPrivateUseCharactersInTheEscapeRangeStayDistinct() {
        let real = Array("a\u{F7E9}b".utf8)                       // EF 9F A9
        let stray: [UInt8] = [0x61, 0xE9, 0x62]
        #expect(FileName.string(real) != FileName.string(stray))
        #expect(FileName.bytes(FileName.string(real)) == real)
        #expect(FileName.bytes(FileName.string(stray)) == stray)
    }

    @Test func everyByteStringRoundTrips() {
        var random = SplitMix64(seed: 0x5EED)      // the same strings every run
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0..<32, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(FileName.bytes(FileName.string(bytes)) == bytes, "\(bytes)")
        }
        #expect(FileName.withCString(FileName.string([0x41, 0xFF])) { $0[1] } == CChar(bitPattern: 0xFF))
    }
}

/// The extension of a path's last component, by bytes.
@Suite struct FileNameExtensionTests {
    @Test func theLastComponentsExtensionLowerCased() {
        #expect(FileName.extensionLowercased("/a/IMG_1.JPG") == "jpg")
        #expect(FileName.extensionLowercased("b.jpg.XMP") == "xmp")
        #expect(FileName.extensionLowercased("/a.jpg/README") == nil)
        #expect(FileName.extensionLowercased("README") == nil)
        #expect(FileName.extensionLowercased("/a/.hidden") == "hidden")
        #expect(FileName.extensionLowercased("/a/name.") == "")
        #expect(FileName.extensionLowercased("/a/Ärger.Jpeg") == "jpeg")
        // A stray byte carried as U+F7xx (not UTF-8 on disk) before the dot.
        #expect(FileName.extensionLowercased("/a/caf\u{F7E9}.HEIC") == "heic")
    }
}
