import Testing
@testable import LocationHistory

/// One itinerary written in every format reads back the same points and segments.
@Suite struct ItineraryRoundTripTests {
    private let itinerary = Itinerary.sample()

    /// Visits without what only some formats name.
    private func bare(_ visits: [HistoryVisit]) -> [HistoryVisit] {
        visits.map { HistoryVisit(start: $0.start, end: $0.end, position: $0.position) }
    }

    @Test(arguments: [HistoryFormat.googleRecords, .googleTimelineEdits, .ownTracks, .geoJSON, .gpx])
    func pointFormats(_ format: HistoryFormat) throws {
        let text = switch format {
        case .googleRecords: itinerary.records()
        case .googleTimelineEdits: itinerary.timelineEdits()
        case .ownTracks: itinerary.ownTracks()
        case .geoJSON: itinerary.geoJSON()
        default: itinerary.gpx()
        }
        for chunk in [7, 1 << 20] {
            let read = try HistoryRead(text, chunk: chunk)
            #expect(read.summary?.format == format)
            #expect(read.points.triples == itinerary.expectedPoints)
            #expect(read.summary?.skipped == 0 && read.summary?.cutShort == nil)
            #expect(read.summary?.first == itinerary.fixes.first?.instant && read.summary?.last == itinerary.fixes.last?.instant)
        }
    }

    @Test func semanticMonth() throws {
        let read = try HistoryRead(itinerary.semantic(), chunk: 13)
        #expect(read.summary?.format == .googleSemantic)
        #expect(read.visits == itinerary.expectedVisits)
        #expect(read.activities == itinerary.expectedActivities)
        #expect(read.points.triples == itinerary.movePoints)
        #expect(read.activities.map(\.type) == ["IN_PASSENGER_VEHICLE", "FLYING"])
    }

    @Test func phoneTimeline() throws {
        let read = try HistoryRead(itinerary.timeline(), chunk: 13)
        #expect(read.summary?.format == .googleTimeline)
        #expect(bare(read.visits) == bare(itinerary.expectedVisits))
        #expect(read.activities == itinerary.expectedActivities)
        #expect(read.points.triples == itinerary.expectedPoints)
        #expect(read.frequentPlaces.map(\.label) == ["HOME"])
    }

    @Test func iPhoneTimeline() throws {
        let read = try HistoryRead(itinerary.timelineArray(), chunk: 13)
        #expect(read.summary?.format == .googleTimelineArray)
        #expect(bare(read.visits) == bare(itinerary.expectedVisits))
        #expect(read.activities == itinerary.expectedActivities)
        #expect(read.points.triples == itinerary.expectedPoints)
    }
}
