import Testing
import PhotoMetadata

/// The camera's name as `atlas inspect` shows it.
@Suite struct ImageMetadataCameraTests {
    @Test func theMakeIsNotRepeated() {
        #expect(ImageMetadata.cameraName(make: "Canon", model: "Canon EOS 30D") == "Canon EOS 30D")
        #expect(ImageMetadata.cameraName(make: "NIKON CORPORATION", model: "NIKON D750") == "NIKON D750")
        #expect(ImageMetadata.cameraName(make: "samsung", model: "Samsung Galaxy S21") == "Samsung Galaxy S21")
        #expect(ImageMetadata.cameraName(make: "Canon ", model: "Canon") == "Canon")
    }

    @Test func otherwiseMakeThenModel() {
        #expect(ImageMetadata.cameraName(make: "Apple", model: "iPhone 15 Pro") == "Apple iPhone 15 Pro")
        #expect(ImageMetadata.cameraName(make: "SONY", model: "ILCE-7M3") == "SONY ILCE-7M3")
        // A model that only starts with the make's letters is another word.
        #expect(ImageMetadata.cameraName(make: "Leica", model: "Leicaflex") == "Leica Leicaflex")
    }

    @Test func oneOrNeither() {
        #expect(ImageMetadata.cameraName(make: nil, model: "X100V") == "X100V")
        #expect(ImageMetadata.cameraName(make: "FUJIFILM", model: nil) == "FUJIFILM")
        #expect(ImageMetadata.cameraName(make: " ", model: "") == nil)
        #expect(ImageMetadata.cameraName(make: nil, model: nil) == nil)
    }
}
