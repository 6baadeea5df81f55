import Testing
import SyntheticPhotos
@testable import PhotoMetadata

@Suite struct ExifDigestTests {
    @Test func isFNV1a() {
        #expect(ExifDigest.fnv1a([]) == 0xCBF2_9CE4_8422_2325)
        #expect(ExifDigest.fnv1a(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
    }

    @Test func followsTheExifTheReaderUsesAndNotTheContainer() throws {
        let reader = MetadataReader()
        let photo = SyntheticPhoto(latitude: 45.76, longitude: 4.83)
        let jpeg = try reader.read(bytes: photo.jpeg())
        #expect(jpeg.exifDigest != nil)
        #expect(try reader.read(bytes: photo.jpeg()).exifDigest == jpeg.exifDigest)
        // The same entries in another container give the same digest.
        #expect(try reader.read(bytes: photo.png()).exifDigest == jpeg.exifDigest)
        var moved = photo
        moved.latitude = 45.77
        #expect(try reader.read(bytes: moved.jpeg()).exifDigest != jpeg.exifDigest)
        #expect(try reader.read(bytes: SyntheticPhoto.tinyJPEG).exifDigest == nil)
    }
}
