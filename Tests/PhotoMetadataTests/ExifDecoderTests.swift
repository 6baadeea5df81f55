import Testing
@testable import PhotoMetadata

@Suite struct ExifDecoderTests {
    @Test func degreesStoredAsText() {
        #expect(ExifDecoder.parseDegreeText("52.5") == [52.5])
        #expect(ExifDecoder.parseDegreeText("52 50 34.0118") == [52, 50, 34.0118])
        // Decimal-comma pairs, as one phone writes them: 52°50'34.0118".
        #expect(ExifDecoder.parseDegreeText("52,00000,50,00000,34,01180") == [52, 50, 34.0118])
        #expect(ExifDecoder.parseDegreeText("north") == nil)
        #expect(ExifDecoder.parseDegreeText("-5") == nil)
    }

    @Test func negativeAltitudeWrittenUnsignedIsRecovered() throws {
        // 4294967284/1 is -12 m written as an unsigned rational.
        let tiff = TIFFBuilder.build(ifd0: [], gps: [
            .init(tag: 0x0002, type: 5, count: 3, value: TIFFBuilder.rationals([(45, 1), (45, 1), (10, 1)])),
            .init(tag: 0x0004, type: 5, count: 3, value: TIFFBuilder.rationals([(33, 1), (13, 1), (19, 1)])),
            .init(tag: 0x0006, type: 5, count: 1, value: TIFFBuilder.rationals([(4_294_967_284, 1)])),
        ])
        let m = try MetadataReader().read(bytes: tiff)
        #expect(m.altitude == -12)
        #expect(m.position?.missingReference == true)
    }

    @Test func referencesAreReadCaseAndSpaceInsensitively() throws {
        let m = try MetadataReader().read(bytes: ExifFixture(latitude: 33.8688, longitude: 151.2093, latitudeRef: " s", longitudeRef: "e").jpeg())
        #expect(abs((m.position?.latitude ?? 0) + 33.8688) < 1e-6 && abs((m.position?.longitude ?? 0) - 151.2093) < 1e-6)
        #expect(m.position?.missingReference == false)
        let west = try MetadataReader().read(bytes: ExifFixture(latitude: 40.7128, longitude: 74.006, latitudeRef: "N", longitudeRef: "w ").jpeg())
        #expect(abs((west.position?.longitude ?? 0) + 74.006) < 1e-6)
    }

    @Test func speedUnitsBecomeKilometresPerHour() throws {
        let knots = try MetadataReader().read(bytes: ExifFixture(speed: (value: 100, ref: "N")).jpeg())
        #expect(abs((knots.speedKmh ?? 0) - 185.2) < 1e-9)
        let miles = try MetadataReader().read(bytes: ExifFixture(speed: (value: 100, ref: "M")).jpeg())
        #expect(abs((miles.speedKmh ?? 0) - 160.9344) < 1e-9)
    }
}
