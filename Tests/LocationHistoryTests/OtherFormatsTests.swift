import Foundation
import PhotoMetadata
import Testing
@testable import LocationHistory

/// `Timeline Edits.json`, OwnTracks `.rec`, GeoJSON and GPX.
@Suite struct OtherFormatsTests {
    @Test func timelineEditsTakeTheRawPositions() throws {
        let read = try HistoryRead("""
            {"timelineEdits": [
              {"deviceId": "1", "rawSignal": {"signal": {"position": {"point": {"latE7": 488566000, "lngE7": 23522000}, "accuracyMm": 12500, "altitudeMeters": 40, "source": "GPS", "timestamp": "2024-05-01T08:00:00Z"}}, "additionalTimestamp": "2024-05-01T08:00:01Z"}},
              {"deviceId": "1", "placeAggregates": {"placeAggregateInfo": [{"score": 1, "point": {"latE7": 1, "lngE7": 1}}]}},
              {"deviceId": "1", "rawSignal": {"signal": {"wifiScan": {"devices": []}}}},
              {"deviceId": "1", "rawSignal": {"signal": {"position": {"point": {"latE7": 488566000, "lngE7": 23522000}}}}}
            ]}
            """, chunk: 6)
        #expect(read.summary?.format == .googleTimelineEdits)
        #expect(read.points == [HistoryPoint(instant: ms("2024-05-01T08:00:00Z"), latitude: 48.8566, longitude: 2.3522, accuracy: 12.5, elevation: 40)])
        #expect(read.summary?.skipped == 1)   // a position without a timestamp
    }

    @Test func ownTracksLinesWithTabsOrSpaces() throws {
        let rec = [
            "2024-05-01T08:00:05Z\t*\t{\"_type\":\"location\",\"lat\":48.8566,\"lon\":2.3522,\"tst\":1714550400,\"acc\":10,\"vel\":36,\"alt\":35,\"tid\":\"ph\"}",
            "2024-05-01T08:01:00Z\t*\t{\"_type\":\"lwt\",\"tst\":1714550460}",
            "2024-05-01T08:02:00Z   owntracks/me/phone    {\"_type\":\"location\",\"lat\":\"48.9\",\"lon\":\"2.4\",\"tst\":\"1714550520\"}",
            "2024-05-01T08:03:00Z\t*\t{\"_type\":\"location\",\"lat\":48.95,\"lon\":2.45}",
            "",
            "2024-05-01T08:04:00Z\t*\t{\"_type\":\"location\",\"lat\":48.95,  garbage",
            "not a line at all",
            "2024-05-01T08:05:00Z\t*\t{\"_type\":\"waypoint\",\"lat\":1,\"lon\":1,\"tst\":1}",
        ]
        for separator in ["\n", "\r\n"] {
            let read = try HistoryRead(rec.joined(separator: separator) + separator, chunk: 8)
            #expect(read.summary?.format == .ownTracks)
            #expect(read.points == [
                HistoryPoint(instant: 1_714_550_400_000, latitude: 48.8566, longitude: 2.3522, accuracy: 10, speed: 10, elevation: 35),
                HistoryPoint(instant: 1_714_550_520_000, latitude: 48.9, longitude: 2.4),
                // No `tst`: the line's own time.
                HistoryPoint(instant: ms("2024-05-01T08:03:00Z"), latitude: 48.95, longitude: 2.45),
            ])
            #expect(read.summary?.skipped == 2)   // the broken line and the stray one
        }
    }

    @Test func geoJSONTimesInSecondsMillisecondsOrISO() throws {
        let read = try HistoryRead("""
            {"type": "FeatureCollection", "name": "export", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566, 35]}, "properties": {"timestamp": 1714550400, "accuracy": 5, "speed": 1.5}},
              {"type": "Feature", "properties": {"time": 1714550460500}, "geometry": {"coordinates": [2.36, 48.86], "type": "Point"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.37, 48.87]}, "properties": {"date": "2024-05-01T08:02:00Z", "altitude": 12}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.38, 48.88]}, "properties": {"time": "1714550580"}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[2.3, 48.8], [2.4, 48.9]]}, "properties": {"time": 1714550400}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.39, 48.89]}, "properties": {}}
            ]}
            """, chunk: 10)
        #expect(read.summary?.format == .geoJSON)
        #expect(read.points == [
            HistoryPoint(instant: 1_714_550_400_000, latitude: 48.8566, longitude: 2.3522, accuracy: 5, speed: 1.5, elevation: 35),
            HistoryPoint(instant: 1_714_550_460_500, latitude: 48.86, longitude: 2.36),
            HistoryPoint(instant: 1_714_550_520_000, latitude: 48.87, longitude: 2.37, elevation: 12),
            HistoryPoint(instant: 1_714_550_580_000, latitude: 48.88, longitude: 2.38),
        ])
        #expect(read.summary?.skipped == 2)
    }

    @Test func gpxThroughTheTrackReader() throws {
        let gpx = """
            \u{FEFF}<?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="48.8566" lon="2.3522"><ele>35</ele><time>2024-05-01T08:00:00Z</time></trkpt>
            <trkpt lat="48.86" lon="2.36"><time>2024-05-01T08:01:00.250Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let read = try HistoryRead(gpx, chunk: 7)
        #expect(read.summary?.format == .gpx)
        #expect(read.points == [HistoryPoint(instant: 1_714_550_400_000, latitude: 48.8566, longitude: 2.3522, elevation: 35),
                                HistoryPoint(instant: 1_714_550_460_250, latitude: 48.86, longitude: 2.36)])
        #expect(read.points.map(\.gpxPoint).map(HistoryPoint.init) == read.points)
        // The same points as the photo reader's GPXTrack takes from the file.
        #expect(try GPXTrack.read(Data(gpx.utf8), path: "t.gpx").points.map(HistoryPoint.init) == read.points)
        // A DTD is never read: before the root it makes the file no history, after it an error.
        #expect(try HistoryRead("<!DOCTYPE gpx [<!ENTITY a 'x'>]><gpx></gpx>").summary == nil)
        #expect(readError("<gpx><!DOCTYPE gpx [<!ENTITY a 'x'>]></gpx>")?.reason == .malformed("a DTD, which GPX never has: refused"))
        #expect(try HistoryRead("<html><body>no track</body></html>").summary == nil)
    }

    @Test func gpxVariantsAndCuts() throws {
        let gpx = """
            <?xml version='1.0' encoding='UTF-8'?>
            <!-- written by <a> test -->
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:name>A &amp; B</g:name><g:trkseg>
            <g:trkpt lon='2.3522' lat='48.8566'><g:time> 2024-05-01T10:00:00+02:00 </g:time><g:extensions><speed>1</speed></g:extensions></g:trkpt>
            <g:trkpt lat="95" lon="2"><g:time>2024-05-01T08:01:00Z</g:time></g:trkpt>
            <g:trkpt lat="48.9" lon="2.4"><g:time>2024-05-01T08:02:00</g:time></g:trkpt>
            <g:trkpt lat="48.9" lon="2.4"/>
            <g:trkpt lat="-33.8688" lon="151.2093"><g:ele>-5.5</g:ele><g:time>2024-05-01T08:03:00.5Z</g:time></g:trkpt>
            </g:trkseg></g:trk></g:gpx>
            """
        let read = try HistoryRead(gpx, chunk: 5)
        #expect(read.points == [HistoryPoint(instant: 1_714_550_400_000, latitude: 48.8566, longitude: 2.3522),
                                HistoryPoint(instant: 1_714_550_580_500, latitude: -33.8688, longitude: 151.2093, elevation: -5.5)])
        #expect(read.summary?.skipped == 3)   // out of range, a wall-clock time, no time
        let bytes = Array(gpx.utf8)
        let end = bytes.lastIndex(of: 0x3E)! + 1
        // Cut before the root's tag is complete, nothing says it is GPX yet.
        #expect(try HistoryRead(bytes: Array(bytes[..<100])).summary == nil)
        let afterRoot = bytes.indices.first { bytes[$0...].starts(with: Array("<g:trk>".utf8)) }!
        for cut in stride(from: afterRoot, to: end, by: 7) {
            let part = try HistoryRead(bytes: Array(bytes[..<cut]), chunk: 16)
            #expect(part.summary?.cutShort?.offset == Int64(cut), "cut at \(cut)")
            #expect(Array(read.points.prefix(part.points.count)) == part.points)
        }
    }
}
