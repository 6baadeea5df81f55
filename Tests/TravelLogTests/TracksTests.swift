import Foundation
import PhotoMetadata
import SQLite
import Testing
@testable import TravelLog

/// Schema 6: where each position came from, the sidecars a photo was read with, GPX tracks.
@Suite struct TracksTests {
    @Test func aVersion5LogLearnsItsSourcesAndRereadsItsVideos() throws {
        let t = try TemporaryLog()
        do {
            let db = try t.database(ofSchema: 5)
            try db.execute("""
                INSERT INTO photos (id, path, size, mtime_ns, format, latitude, longitude) VALUES
                    (1, '/p/a.jpg', 1, 2, 'jpeg', 45.76, 4.82), (2, '/p/b.jpg', 1, 2, 'jpeg', NULL, NULL), (3, '/p/c.mov', 1, 2, 'mov', 59.3, 18.1);
                """)
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.record(id: 1)?.positionSource == "exif")
        #expect(try log.record(id: 2)?.positionSource == nil)
        // Which of a video's boxes held its position was not kept: its next import reads it again.
        let video = try #require(try log.storedFile(at: "/p/c.mov"))
        #expect(video.modifiedNs != 2 && video.positionSource == nil)
        #expect(try log.storedFile(at: "/p/a.jpg")?.modifiedNs == 2)
    }

    @Test func tracksAreKeptReplacedAndForgottenUnderTheirRoots() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let start = Date(timeIntervalSince1970: 1_715_331_600)
        let walk = GPXTrack(points: (0..<3).map { .init(time: start.addingTimeInterval(Double($0) * 60), latitude: 47.36, longitude: 8.54 + Double($0) / 1000) })
        try log.write {
            try log.saveTrack(path: "/lib/a/walk.gpx", size: 10, modifiedNs: 1, track: walk, error: nil, run: nil)
            try log.saveTrack(path: "/lib/b/broken.gpx", size: 5, modifiedNs: 1, track: nil, error: .init(kind: "corrupt", message: "corrupt: GPX is not well-formed XML (line 1)"), run: nil)
            try log.saveTrack(path: "/elsewhere/ride.gpx", size: 10, modifiedNs: 1, track: walk, error: nil, run: nil)
        }
        #expect(try log.tracks().map(\.path) == ["/elsewhere/ride.gpx", "/lib/a/walk.gpx"])
        #expect(try log.tracks().first?.track == walk)
        #expect(try log.storedTrack(at: "/lib/b/broken.gpx")?.error?.kind == "corrupt")
        #expect(try log.errors().map(\.path) == ["/lib/b/broken.gpx"])
        #expect(try log.knowsFiles(under: "/elsewhere"))
        // Read again when it changed: the row is replaced, not added.
        try log.write { try log.saveTrack(path: "/lib/a/walk.gpx", size: 11, modifiedNs: 2, track: GPXTrack(points: Array(walk.points.prefix(1))), error: nil, run: nil) }
        #expect(try log.storedTrack(at: "/lib/a/walk.gpx")?.pointCount == 1 && log.storedTracks().count == 3)
        // A walk of /lib that found only walk.gpx forgets broken.gpx, and nothing outside /lib.
        #expect(try log.write { try log.removeTracks(under: ["/lib"], except: ["/lib/a/walk.gpx"]) } == 1)
        #expect(try log.storedTracks().map(\.path) == ["/elsewhere/ride.gpx", "/lib/a/walk.gpx"])
    }

    @Test func candidatesAreThePhotosWithoutAPositionAndThoseATrackPlaced() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        func record(_ name: String, _ source: String?, time: String? = "2024-05-10T10:00:00") -> PhotoRecord {
            var r = PhotoRecord(path: "/p/" + name, size: 1, modifiedNs: 1)
            r.takenLocal = time
            if let source { (r.latitude, r.longitude, r.positionSource) = (47.36, 8.54, source) }
            return r
        }
        try log.write {
            for r in [record("none.jpg", nil), record("exif.jpg", "exif"), record("track.jpg", "track"), record("undated.jpg", nil, time: nil)] {
                try log.insert(r, run: nil)
            }
            var broken = record("broken.jpg", nil)
            broken.error = .init(kind: "truncated", message: "truncated")
            try log.insert(broken, run: nil)
        }
        #expect(try log.trackCandidates().map { $0.record.path } == ["/p/none.jpg", "/p/track.jpg"])
    }
}
