import Testing
@testable import LocationHistory

@Suite struct SemanticHistoryTests {
    private let month = """
        {
          "timelineObjects": [{
            "activitySegment": {
              "startLocation": { "latitudeE7": 488566000, "longitudeE7": 23522000, "sourceInfo": { "deviceTag": 1 } },
              "endLocation": {},
              "duration": { "startTimestamp": "2019-05-01T08:00:00Z", "endTimestamp": "2019-05-01T09:30:00.500Z" },
              "distance": 120500,
              "activityType": "IN_PASSENGER_VEHICLE",
              "confidence": "HIGH",
              "activities": [{ "activityType": "IN_PASSENGER_VEHICLE", "probability": 91.2 }],
              "waypointPath": { "waypoints": [{ "latE7": 488566000, "lngE7": 23522000 }, { "latE7": 496000000, "lngE7": 30000000 }], "source": "INFERRED" },
              "simplifiedRawPath": { "points": [{ "latE7": 490000000, "lngE7": 25000000, "accuracyMeters": 10, "timestamp": "2019-05-01T08:30:00Z" }] }
            }
          }, {
            "placeVisit": {
              "location": { "latitudeE7": 506000000, "longitudeE7": 30600000, "placeId": "ChIJ-lille", "address": "Lille, France", "name": "Grand Place \\u00e0 Lille", "semanticType": "TYPE_SEARCHED_ADDRESS" },
              "duration": { "startTimestampMs": "1556703000500", "endTimestampMs": "1556712000000" },
              "placeConfidence": "HIGH_CONFIDENCE",
              "childVisits": [{ "location": { "latitudeE7": 1, "longitudeE7": 1 } }]
            }
          }, {
            "placeVisit": {
              "location": { "placeId": "ChIJ-unsure" },
              "duration": { "startTimestamp": "2019-05-02T08:00:00Z", "endTimestamp": "2019-05-02T09:00:00Z" },
              "otherCandidateLocations": [{ "latitudeE7": 510000000, "longitudeE7": 40000000, "placeId": "ChIJ-candidate" }, { "latitudeE7": 1, "longitudeE7": 1 }],
              "centerLatE7": 1, "centerLngE7": 1
            }
          }, {
            "placeVisit": {
              "location": {},
              "duration": { "startTimestamp": "2019-05-03T08:00:00Z", "endTimestamp": "2019-05-03T09:00:00Z" },
              "centerLatE7": 520000000, "centerLngE7": 50000000
            }
          }, {
            "placeVisit": { "location": {}, "duration": { "startTimestamp": "2019-05-04T08:00:00Z", "endTimestamp": "2019-05-04T09:00:00Z" } }
          }]
        }
        """

    @Test func visitsActivitiesAndTheirPaths() throws {
        let read = try HistoryRead(month, chunk: 17)
        #expect(read.summary?.format == .googleSemantic)
        #expect(read.activities == [HistoryActivity(
            start: 1_556_697_600_000, end: 1_556_703_000_500,
            startPosition: HistoryPosition(latitude: 48.8566, longitude: 2.3522), endPosition: nil,
            type: "IN_PASSENGER_VEHICLE", distance: 120_500,
            waypoints: [HistoryPosition(latitude: 48.8566, longitude: 2.3522), HistoryPosition(latitude: 49.6, longitude: 3)])])
        #expect(read.points == [HistoryPoint(instant: 1_556_699_400_000, latitude: 49, longitude: 2.5, accuracy: 10)])
        let visits = read.visits
        #expect(visits.count == 3)
        #expect(visits.first == HistoryVisit(start: 1_556_703_000_500, end: 1_556_712_000_000, position: HistoryPosition(latitude: 50.6, longitude: 3.06),
                                             name: "Grand Place à Lille", address: "Lille, France", placeID: "ChIJ-lille", semanticType: "TYPE_SEARCHED_ADDRESS"))
        // No coordinates in `location`: the first candidate, then the centre.
        #expect(visits.dropFirst().first?.position == HistoryPosition(latitude: 51, longitude: 4))
        #expect(visits.dropFirst().first?.placeID == "ChIJ-unsure")
        #expect(visits.last?.position == HistoryPosition(latitude: 52, longitude: 5))
        // The last visit has no position at all.
        #expect(read.summary?.skipped == 1 && read.summary?.visits == 3 && read.summary?.activities == 1)
    }
}
