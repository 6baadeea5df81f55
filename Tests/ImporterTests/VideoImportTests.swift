import Foundation
import PhotoMetadata
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// Videos in a library are imported like photos: their position resolved, and their day the
/// day at the place they were filmed.
@Suite struct VideoImportTests {
    @Test func videosAreRecordsWithTheDayAtThePlace() throws {
        let library = try Library()
        var iphone = SyntheticVideo()
        iphone.location = "-33.9249+018.4241+034.000/"
        iphone.creationDate = "2024-07-02T09:30:00-0500"
        (iphone.make, iphone.model) = ("Apple", "iPhone 15")
        try library.writeFile("IMG_4001.MOV", iphone.bytes())
        // 23:30 UTC on 15 June is 01:30 on the 16th in Stockholm (UTC+2 in summer).
        var android = SyntheticVideo()
        android.xyz = "+59.3293+018.0686/"
        android.created = SyntheticVideo.seconds1904(year: 2024, month: 6, day: 15, hour: 23, minute: 30)
        try library.writeFile("VID_20240615.mp4", android.bytes())
        // A .mov that is no video is a broken file, not a stranger.
        try library.writeFile("broken.mov", Array("not a movie at all".utf8))
        _ = try ImporterTests().importLibrary(library)

        let records = try TravelLog(path: library.database).records(after: 0, limit: 10).map(\.record)
        let byName = Dictionary(uniqueKeysWithValues: records.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        let apple = try #require(byName["IMG_4001.MOV"])
        #expect(apple.format == "mov" && apple.place?.country?.id.description == "country:ZA")
        #expect(apple.takenLocal == "2024-07-02T09:30:00" && apple.utcOffsetSeconds == -18_000 && apple.offsetSource == .exif)
        let stockholm = try #require(byName["VID_20240615.mp4"])
        #expect(stockholm.place?.country?.id.description == "country:SE")
        #expect(stockholm.takenLocal == "2024-06-16T01:30:00" && stockholm.utcOffsetSeconds == 7_200 && stockholm.offsetSource == .timezone)
        #expect(byName["broken.mov"]?.error != nil)
    }
}
