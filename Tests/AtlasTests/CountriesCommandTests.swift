import Foundation
import SyntheticPhotos
import Testing

/// `atlas countries` for places known without a date.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct CountriesCommandTests {
    @Test func anUndatedPhotoHasNoDateInWords() throws {
        let folder = SampleLog.temporaryDirectory()
        let photo = SyntheticPhoto(latitude: 35.0116, longitude: 135.7681, dateTimeOriginal: nil)
        try Data(photo.jpeg()).write(to: URL(fileURLWithPath: folder + "/kyoto.jpg"))
        let db = folder + ".sqlite"
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let result = try AtlasBinary.run(["countries", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let japan = try #require(result.lines.first { $0.hasPrefix("Japan") }, "\(result.stdout)")
        #expect(japan.contains("no date  no date"), "\(japan)")
    }

    @Test func anUndatedMarkToo() throws {
        let db = try SampleLog.copy()
        #expect(try AtlasBinary.run(["mark", "country:AX", "--db", db]).status == 0)
        let result = try AtlasBinary.run(["countries", "--db", db])
        let aland = try #require(result.lines.first { $0.hasPrefix("Åland") }, "\(result.stdout)")
        #expect(aland.contains("no date     no date"), "\(aland)")
        #expect(!result.stdout.contains(" - "), "\(result.stdout)")
    }
}
