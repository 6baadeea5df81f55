import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct XMPSidecarTests {
    private func xmp(_ body: String, attributes: String = "") -> Data {
        Data("""
            <?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>
            <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
            <rdf:Description rdf:about='' xmlns:exif='http://ns.adobe.com/exif/1.0/' xmlns:ps='http://ns.adobe.com/photoshop/1.0/' \(attributes)>
            \(body)
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    @Test func degreesAndDecimalMinutesWithHemispheres() throws {
        let side = try XMPSidecar.read(xmp("""
            <exif:GPSLatitude>33,51.5S</exif:GPSLatitude><exif:GPSLongitude>151,12,36W</exif:GPSLongitude>
            <exif:GPSAltitude>58/2</exif:GPSAltitude><exif:GPSAltitudeRef>1</exif:GPSAltitudeRef>
            <exif:DateTimeOriginal>2023-12-31T23:59:58+11:00</exif:DateTimeOriginal>
            """), path: "a.xmp")
        #expect(side.source == .xmpSidecar)
        #expect(abs(side.position!.latitude - -(33 + 51.5 / 60)) < 1e-12)
        #expect(abs(side.position!.longitude - -(151 + 12.0 / 60 + 36.0 / 3_600)) < 1e-12)
        #expect(side.altitude == -29)
        #expect(side.captureTime == CaptureTime(year: 2023, month: 12, day: 31, hour: 23, minute: 59, second: 58, utcOffsetSeconds: 39_600))
    }

    @Test func propertiesAsAttributesAndAnyPrefixForTheNamespace() throws {
        let side = try XMPSidecar.read(xmp("", attributes: "exif:GPSLatitude='10,30N' exif:GPSLongitude='20,15E' ps:DateCreated='2020-02-29T08:15'"),
                                       path: "b.xmp")
        #expect(side.position == .init(latitude: 10.5, longitude: 20.25))
        #expect(side.captureTime == CaptureTime(year: 2020, month: 2, day: 29, hour: 8, minute: 15, second: 0))
        let other = try XMPSidecar.read(Data("""
            <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
            <rdf:Description xmlns:E='http://ns.adobe.com/exif/1.0/'><E:GPSLatitude>1,0N</E:GPSLatitude><E:GPSLongitude>2,0E</E:GPSLongitude>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8), path: "c.xmp")
        #expect(other.position == .init(latitude: 1, longitude: 2))
    }

    /// Parts of a coordinate are trimmed of any horizontal space, a no-break space included.
    @Test func partsAreTrimmedOfEverySpace() {
        #expect(XMPSidecar.coordinate(" 10,\t30N ") == 10.5)
        #expect(XMPSidecar.coordinate("10,\u{00A0}30N") == 10.5 && XMPSidecar.coordinate("\u{2009}10,30S") == -10.5)
    }

    /// Numbers are read as `Double(String)` reads them, bit for bit: plain decimals of up to
    /// 15 digits by the fast path, the rest (more digits, a sign, an exponent, a bare point) by
    /// `Double(String)` itself.
    /// An altitude is below sea level when its reference is `1`, trimmed of spaces and tabs
    /// (and of Unicode's other spaces at its ends, as ``XMPSidecar/trimmed(_:)`` trims them).
    @Test(arguments: [("1", true), (" 1\t", true), ("\t\t1  ", true), ("1\u{00A0}", true), ("\u{2003}1", true),
                      ("0", false), ("", false), ("  ", false), ("11", false), ("1 1", false), ("01", false), ("1.0", false), ("１", false)])
    func anAltitudeReferenceOfOneIsBelowSeaLevel(_ text: String, _ below: Bool) {
        #expect(XMPSidecar.isOne(text) == below)
        #expect((XMPSidecar.trimmed(text) == "1") == below)
    }

    @Test func numbersAreReadAsDoubleReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "00.5", "37", "59.028000", "999999999999999", "0.000000000000001", "1234567890123456", "1.", ".5", "-1",
                     "+2", "1e5", "1.5e-3", "", ".", "1..2", "0x10", "inf", "12 ", " 12"]
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...18, using: &generator)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }
            var text = String(digits)
            if Bool.random(using: &generator) { text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 0...digits.count, using: &generator))) }
            texts.append(text)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let got = bytes.withUnsafeBufferPointer { XMPSidecar.double($0, 0..<$0.count) }
            #expect(got?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for text in ["1.", ".5", "-1", "1e5", "", "1234567890123456"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { XMPSidecar.plainDecimal($0, 0..<$0.count) } == nil, "\(text)")
        }
    }

    @Test func valuesOutOfRangeOrMalformedGiveNoPosition() throws {
        for (lat, lon) in [("91,0N", "1,0E"), ("10,60N", "1,0E"), ("10,30X", "1,0E"), ("0,0N", "0,0E"), ("abc", "1,0E"), ("10,-5N", "1,0E")] {
            let side = try XMPSidecar.read(xmp("<exif:GPSLatitude>\(lat)</exif:GPSLatitude><exif:GPSLongitude>\(lon)</exif:GPSLongitude>"), path: "d.xmp")
            #expect(side.position == nil, "\(lat) \(lon)")
        }
    }

    @Test func hostileFilesAreRefusedWithTheirReason() {
        let bomb = Data("<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'aaaa'><!ENTITY b '&a;&a;&a;'>]><x>&b;</x>".utf8)
        #expect(throws: MetadataError(path: "bomb.xmp", reason: .corrupt("XMP sidecar with a DTD, which it never has: refused"))) {
            try XMPSidecar.read(bomb, path: "bomb.xmp")
        }
        #expect(throws: MetadataError.self) { try XMPSidecar.read(Data("<x:xmpmeta><unclosed>".utf8), path: "broken.xmp") }
        #expect(throws: MetadataError.self) { try XMPSidecar.read(Data(count: SidecarMetadata.maximumBytes + 1), path: "huge.xmp") }
        do {
            _ = try XMPSidecar.read(Data("<a><b></a>".utf8), path: "/p/broken.xmp")
        } catch {
            #expect(error.description.hasPrefix("/p/broken.xmp: corrupt: XMP sidecar is not well-formed XML"))
        }
    }

    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/media").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: media + "/DSC_0100.xmp"), "../shared/media is not here"))
    func theSharedSidecarsWrittenByExifTool() throws {
        let a = try XMPSidecar.read(Data(contentsOf: URL(fileURLWithPath: Self.media + "/DSC_0100.xmp")), path: "DSC_0100.xmp")
        // ExifTool 13.58 reads 37 deg 59' 1.68" N, 23 deg 43' 39.00" E.
        #expect(abs(a.position!.latitude - (37 + 59.028 / 60)) < 1e-9 && abs(a.position!.longitude - (23 + 43.65 / 60)) < 1e-9)
        #expect(a.captureTime == CaptureTime(year: 2024, month: 5, day: 1, hour: 10, minute: 0, second: 0, utcOffsetSeconds: 3_600))
        let b = try XMPSidecar.read(Data(contentsOf: URL(fileURLWithPath: Self.media + "/DSC_0101.JPG.xmp")), path: "DSC_0101.JPG.xmp")
        #expect(b.position != nil)
    }
}
