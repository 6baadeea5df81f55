import Foundation
import SyntheticPhotos
import Testing

/// A trip at home titled by a city whose name a bigger city elsewhere has names its region.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct TripSettingsTests {
    @Test func aberdeenWashingtonIsNotAberdeenScotland() throws {
        let folder = SampleLog.temporaryDirectory()
        var shots: [(String, Double, Double, String)] = ["01", "02", "03", "04", "06", "07"].map { ("seattle-\($0)", 47.6062, -122.3321, "2017:\($0):10 12:00:00") }
        shots += [("aberdeen-1", 46.9754, -123.8157, "2017:05:12 12:00:00"), ("aberdeen-2", 46.9754, -123.8157, "2017:05:13 12:00:00"),
                  ("portland-1", 45.5234, -122.6762, "2017:08:12 12:00:00")]
        for (name, lat, lon, time) in shots {
            let photo = SyntheticPhoto(latitude: lat, longitude: lon, dateTimeOriginal: time, offsetTimeOriginal: "-07:00")
            try Data(photo.jpeg()).write(to: URL(fileURLWithPath: folder + "/" + name + ".jpg"))
        }
        let db = folder + ".sqlite"
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let trips = try AtlasBinary.run(["trips", "--db", db, "--home", "Seattle"])
        #expect(trips.status == 0, "\(trips.stderr)")
        #expect(trips.stdout.contains("Aberdeen, Washington, May 2017"), "\(trips.stdout)")
        // Portland, Oregon is the better-known Portland: its name alone.
        #expect(trips.stdout.contains("Portland, August 2017") && !trips.stdout.contains("Portland, Oregon"), "\(trips.stdout)")
    }
}
