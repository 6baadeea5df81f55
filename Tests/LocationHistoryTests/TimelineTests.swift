import Testing
@testable import LocationHistory

/// The phone's `Timeline.json` and the iPhone's `location-history.json`.
@Suite struct TimelineTests {
    private let android = """
        {
          "rawSignals": [{
            "position": { "LatLng": "48.8566°, 2.3522°", "accuracyMeters": 10, "altitudeMeters": 35.5, "source": "WIFI", "timestamp": "2024-05-01T08:00:00.000+02:00", "speedMetersPerSecond": 0.5 }
          }, {
            "wifiScan": { "deliveryTime": "2024-05-01T08:00:00.000+02:00", "devicesRecords": [] }
          }, {
            "activityRecord": { "probableActivities": [{ "type": "STILL", "confidence": 0.9 }], "timestamp": "2024-05-01T08:00:00.000+02:00" }
          }],
          "semanticSegments": [{
            "startTime": "2024-05-01T08:00:00.000+02:00",
            "endTime": "2024-05-01T10:00:00.000+02:00",
            "startTimeTimezoneUtcOffsetMinutes": 120,
            "visit": { "hierarchyLevel": 0, "probability": 0.9, "topCandidate": { "placeId": "ChIJ-home", "semanticType": "HOME", "probability": 0.8, "placeLocation": { "latLng": "48.8566°, 2.3522°" } } }
          }, {
            "startTime": "2024-05-01T10:00:00.000+02:00",
            "endTime": "2024-05-01T12:00:00.000+02:00",
            "activity": { "start": { "latLng": "48.8566°, 2.3522°" }, "end": { "latLng": "-33.8688°, 151.2093°" }, "distanceMeters": 16950000.5, "probability": 0.99, "topCandidate": { "type": "FLYING", "probability": 0.9 } }
          }, {
            "timelinePath": [{ "point": "48.85°, 2.35°", "time": "2024-05-01T10:05:00.000+02:00" }, { "point": "95.0°, 2.35°", "time": "2024-05-01T10:06:00.000+02:00" }],
            "startTime": "2024-05-01T10:00:00.000+02:00",
            "endTime": "2024-05-01T12:00:00.000+02:00"
          }],
          "userLocationProfile": { "frequentPlaces": [{ "placeId": "ChIJ-home", "placeLocation": "48.8566°, 2.3522°", "label": "HOME" }, { "placeLocation": "48.9°, 2.2°", "label": "WORK" }], "persona": {} }
        }
        """

    @Test func androidSegmentsRawSignalsAndFrequentPlaces() throws {
        let read = try HistoryRead(android, chunk: 9)
        #expect(read.summary?.format == .googleTimeline)
        let eight = ms("2024-05-01T06:00:00Z")
        #expect(read.points == [
            HistoryPoint(instant: eight, latitude: 48.8566, longitude: 2.3522, accuracy: 10, speed: 0.5, elevation: 35.5),
            HistoryPoint(instant: ms("2024-05-01T08:05:00Z"), latitude: 48.85, longitude: 2.35),
        ])
        #expect(read.visits == [HistoryVisit(start: eight, end: ms("2024-05-01T08:00:00Z"), position: HistoryPosition(latitude: 48.8566, longitude: 2.3522),
                                             placeID: "ChIJ-home", semanticType: "HOME")])
        #expect(read.activities == [HistoryActivity(start: ms("2024-05-01T08:00:00Z"), end: ms("2024-05-01T10:00:00Z"),
                                                    startPosition: HistoryPosition(latitude: 48.8566, longitude: 2.3522),
                                                    endPosition: HistoryPosition(latitude: -33.8688, longitude: 151.2093), type: "FLYING", distance: 16_950_000.5)])
        #expect(read.frequentPlaces == [FrequentPlace(position: HistoryPosition(latitude: 48.8566, longitude: 2.3522), label: "HOME", placeID: "ChIJ-home"),
                                        FrequentPlace(position: HistoryPosition(latitude: 48.9, longitude: 2.2), label: "WORK")])
        #expect(read.summary?.skipped == 1)   // the point at 95°
    }

    private let iPhone = """
        [{"endTime":"2024-05-01T10:00:00.000+02:00","startTime":"2024-05-01T08:00:00.000+02:00",\
        "visit":{"hierarchyLevel":"0","topCandidate":{"probability":"0.95","semanticType":"Unknown","placeID":"ChIJ-cafe","placeLocation":"geo:48.856600,2.352200"},"probability":"0.9"}},
        {"endTime":"2024-05-01T11:00:00.000+02:00","startTime":"2024-05-01T10:00:00.000+02:00",\
        "activity":{"end":"geo:48.900000,2.400000","topCandidate":{"type":"in passenger vehicle","probability":"0.8"},"distanceMeters":"1234.5","start":"geo:48.856600,2.352200"}},
        {"timelinePath":[{"point":"geo:48.860000,2.360000","durationMinutesOffsetFromStartTime":"12"},{"point":"geo:48.870000,2.370000","durationMinutesOffsetFromStartTime":"30"}],\
        "endTime":"2024-05-01T11:00:00.000+02:00","startTime":"2024-05-01T10:00:00.000+02:00"}]
        """

    @Test func iPhoneArrayWithStringNumbersAndGeoURIs() throws {
        let read = try HistoryRead(iPhone, chunk: 11)
        #expect(read.summary?.format == .googleTimelineArray)
        let ten = ms("2024-05-01T08:00:00Z")
        #expect(read.visits == [HistoryVisit(start: ms("2024-05-01T06:00:00Z"), end: ten, position: HistoryPosition(latitude: 48.8566, longitude: 2.3522),
                                             placeID: "ChIJ-cafe", semanticType: "Unknown")])
        #expect(read.activities == [HistoryActivity(start: ten, end: ten + 3_600_000, startPosition: HistoryPosition(latitude: 48.8566, longitude: 2.3522),
                                                    endPosition: HistoryPosition(latitude: 48.9, longitude: 2.4), type: "IN_PASSENGER_VEHICLE", distance: 1234.5)])
        // The path came before its segment's start time: its points waited for it.
        #expect(read.points == [HistoryPoint(instant: ten + 12 * 60_000, latitude: 48.86, longitude: 2.36),
                                HistoryPoint(instant: ten + 30 * 60_000, latitude: 48.87, longitude: 2.37)])
    }

    @Test func positionTexts() {
        func p(_ s: String) -> HistoryPosition? { Array(s.utf8).withUnsafeBufferPointer { LatLngText.position(of: JSONText(start: $0.baseAddress!, count: $0.count)) } }
        #expect(p("48.8566°, 2.3522°") == HistoryPosition(latitude: 48.8566, longitude: 2.3522))
        #expect(p("-33.8688°,151.2093°") == HistoryPosition(latitude: -33.8688, longitude: 151.2093))
        #expect(p("geo:48.856600,2.352200") == HistoryPosition(latitude: 48.8566, longitude: 2.3522))
        #expect(p("geo:48.8566,2.3522;u=35") == HistoryPosition(latitude: 48.8566, longitude: 2.3522))
        for bad in ["48.8566°", "abc, def", "91°, 0°", "0°, 181°", "geo:", "", "1e400, 0"] { #expect(p(bad) == nil, "\(bad)") }
    }
}
