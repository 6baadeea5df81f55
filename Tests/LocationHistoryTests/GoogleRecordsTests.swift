import Testing
@testable import LocationHistory

@Suite struct GoogleRecordsTests {
    /// Takeout's layout: two-space indentation, an activity array in some records.
    private let pretty = """
        {
          "locations": [{
            "latitudeE7": 488566000,
            "longitudeE7": 23522000,
            "accuracy": 12,
            "activity": [{
              "activity": [{ "type": "STILL", "confidence": 100 }],
              "timestamp": "2019-05-01T10:00:01.000Z"
            }],
            "source": "WIFI",
            "timestamp": "2019-05-01T10:00:00.123Z"
          }, {
            "timestamp": "2019-05-01T10:05:00Z",
            "latitudeE7": 4252813640,
            "longitudeE7": 4261036567,
            "velocity": 3,
            "altitude": 120
          }, {
            "timestampMs": "1556705400000",
            "latitudeE7": 488566001,
            "longitudeE7": -23522000
          }]
        }
        """

    @Test func pointsWithTheirOverflowsTimesAndMeasures() throws {
        let read = try HistoryRead(pretty)
        #expect(read.summary?.format == .googleRecords)
        #expect(read.summary?.points == 3 && read.summary?.skipped == 0 && read.summary?.cutShort == nil)
        #expect(read.points == [
            HistoryPoint(instant: 1_556_704_800_123, latitude: 48.8566, longitude: 2.3522, accuracy: 12),
            // 4252813640 - 2^32 = -42153656; 4261036567 - 2^32 = -33930729.
            HistoryPoint(instant: 1_556_705_100_000, latitude: -4.2153656, longitude: -3.3930729, speed: 3, elevation: 120),
            HistoryPoint(instant: 1_556_705_400_000, latitude: 48.8566001, longitude: -2.3522),
        ])
        #expect(read.summary?.first == 1_556_704_800_123 && read.summary?.last == 1_556_705_400_000)
        #expect(read.summary?.bytesRead == Int64(pretty.utf8.count))
    }

    @Test func minifiedWithABOMAndCRLFAtAnyChunkSize() throws {
        let minified = "\u{FEFF}" + #"{"locations":[{"latitudeE7":488566000,"longitudeE7":23522000,"timestamp":"2019-05-01T10:00:00Z"}]}"#
        let crlf = pretty.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = try HistoryRead(pretty).points
        for chunk in [1, 5, 13, 4096] {
            #expect(try HistoryRead(minified, chunk: chunk).points == [HistoryPoint(instant: 1_556_704_800_000, latitude: 48.8566, longitude: 2.3522)])
            #expect(try HistoryRead(crlf, chunk: chunk).points == expected)
        }
    }

    @Test func outOfRangeAndUntimedRecordsAreSkippedAndCounted() throws {
        let read = try HistoryRead("""
            {"locations": [
              {"latitudeE7": 950000000, "longitudeE7": 0, "timestamp": "2019-05-01T10:00:00Z"},
              {"latitudeE7": 10, "longitudeE7": 1900000000, "timestamp": "2019-05-01T10:00:00Z"},
              {"latitudeE7": 10, "longitudeE7": 10, "timestamp": "yesterday"},
              {"latitudeE7": 10, "longitudeE7": 10},
              {"longitudeE7": 10, "timestamp": "2019-05-01T10:00:00Z"},
              "not a record",
              {"latitudeE7": 10, "longitudeE7": 20, "timestamp": "2019-05-01T10:00:00Z", "deviceTag": -1, "extra": {"deep": [[1]]}}
            ]}
            """)
        #expect(read.summary?.points == 1 && read.summary?.skipped == 6)
        #expect(read.points.first?.latitude == 0.000001 && read.points.first?.longitude == 0.000002)
    }
}
