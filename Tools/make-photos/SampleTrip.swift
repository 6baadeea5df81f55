import Foundation
import SyntheticPhotos

/// The sample library that ships in `Samples/trip`: a fortnight from a home in Lyon, over the
/// Alps into Switzerland and Italy, a layover at Milan Malpensa, a flight, and a week in Lisbon.
enum SampleTrip {
    struct Stop {
        let file: String, latitude: Double?, longitude: Double?, time: String, offset: String
        var altitude: Double? = nil
        var heic = false
    }

    static let stops: [Stop] = [
        Stop(file: "2024-06-01-lyon-fourviere.jpg", latitude: 45.7623, longitude: 4.8226, time: "2024:06:01 18:20:00", offset: "+02:00"),
        Stop(file: "2024-06-02-lyon-presquile.jpg", latitude: 45.7578, longitude: 4.8320, time: "2024:06:02 11:05:00", offset: "+02:00"),
        Stop(file: "2024-07-06-annecy-lake.jpg", latitude: 45.8992, longitude: 6.1294, time: "2024:07:06 10:30:00", offset: "+02:00"),
        Stop(file: "2024-07-06-geneva-jet-deau.jpg", latitude: 46.2073, longitude: 6.1557, time: "2024:07:06 16:45:00", offset: "+02:00"),
        Stop(file: "2024-07-07-chamonix-aiguille.heic", latitude: 45.8786, longitude: 6.8874, time: "2024:07:07 09:15:00", offset: "+02:00", altitude: 3777, heic: true),
        Stop(file: "2024-07-08-aosta-arch.jpg", latitude: 45.7369, longitude: 7.3206, time: "2024:07:08 12:40:00", offset: "+02:00"),
        Stop(file: "2024-07-09-milan-duomo.jpg", latitude: 45.4642, longitude: 9.1916, time: "2024:07:09 10:00:00", offset: "+02:00"),
        Stop(file: "2024-07-09-milan-navigli.heic", latitude: 45.4520, longitude: 9.1760, time: "2024:07:09 20:30:00", offset: "+02:00", heic: true),
        Stop(file: "2024-07-10-como-bellagio.jpg", latitude: 45.9855, longitude: 9.2614, time: "2024:07:10 15:10:00", offset: "+02:00"),
        Stop(file: "2024-07-11-malpensa-gate.jpg", latitude: 45.6301, longitude: 8.7255, time: "2024:07:11 07:40:00", offset: "+02:00"),
        Stop(file: "2024-07-11-over-the-pyrenees.jpg", latitude: 42.70, longitude: 0.50, time: "2024:07:11 09:05:00", offset: "+02:00", altitude: 10_670),
        Stop(file: "2024-07-11-lisbon-alfama.jpg", latitude: 38.7118, longitude: -9.1300, time: "2024:07:11 14:20:00", offset: "+01:00"),
        Stop(file: "2024-07-12-lisbon-belem.jpg", latitude: 38.6916, longitude: -9.2160, time: "2024:07:12 11:00:00", offset: "+01:00"),
        Stop(file: "2024-07-13-sintra-pena.heic", latitude: 38.7876, longitude: -9.3906, time: "2024:07:13 13:30:00", offset: "+01:00", heic: true),
        Stop(file: "2024-07-14-cascais-beach.jpg", latitude: 38.6979, longitude: -9.4215, time: "2024:07:14 17:45:00", offset: "+01:00"),
        Stop(file: "2024-07-15-lisbon-no-gps.jpg", latitude: nil, longitude: nil, time: "2024:07:15 19:00:00", offset: "+01:00"),
        Stop(file: "2024-07-16-placeholder-position.jpg", latitude: 0, longitude: 0, time: "2024:07:16 08:00:00", offset: "+01:00"),
        Stop(file: "2024-07-16-lyon-home.jpg", latitude: 45.7640, longitude: 4.8357, time: "2024:07:16 21:00:00", offset: "+02:00"),
    ]

    static func write(to dir: URL) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for stop in stops {
            var photo = SyntheticPhoto(latitude: stop.latitude, longitude: stop.longitude)
            photo.includeGPS = stop.latitude != nil
            photo.altitude = stop.altitude
            photo.dateTimeOriginal = stop.time
            photo.offsetTimeOriginal = stop.offset
            (photo.make, photo.model) = stop.heic ? ("Apple", "iPhone 15 Pro") : ("FUJIFILM", "X100V")
            guard let bytes = stop.heic ? photo.heic() : photo.jpeg() else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "libheif has no HEVC encoder for \(stop.file)"])
            }
            try Data(bytes).write(to: dir.appendingPathComponent(stop.file))
        }
        print("wrote \(stops.count) photos to \(dir.path)")
    }
}
