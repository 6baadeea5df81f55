import Foundation
@testable import LocationHistory

/// Three days of a made-up traveller, written in every history format: a night in Paris, a
/// drive to Brussels, an afternoon there, a flight to Lisbon, two nights in Lisbon. Positions are
/// whole micro-degrees and times whole minutes, which every format carries exactly (the E7 of
/// Takeout, the six decimals of the iPhone's `geo:`, the minute offsets of its paths).
struct Itinerary {
    struct Fix { var instant: Int64; var lat6: Int; var lon6: Int }
    struct Stay { var name: String; var lat6: Int; var lon6: Int; var start: Int64; var end: Int64; var points: [Fix] }
    struct Move { var type: String; var start: Int64; var end: Int64; var from: (Int, Int); var to: (Int, Int); var distance: Double; var points: [Fix] }

    var stays: [Stay] = []
    var moves: [Move] = []

    /// Segments in time order.
    enum Segment { case stay(Stay), move(Move) }
    var segments: [Segment] {
        (stays.map(Segment.stay) + moves.map(Segment.move)).sorted { start($0) < start($1) }
    }
    private func start(_ s: Segment) -> Int64 { switch s { case .stay(let v): v.start; case .move(let m): m.start } }

    /// Every timed position, in time order.
    var fixes: [Fix] { segments.flatMap { s -> [Fix] in switch s { case .stay(let v): v.points; case .move(let m): m.points } } }

    static let minute: Int64 = 60_000

    static func sample() -> Itinerary {
        var it = Itinerary()
        let day0 = ms("2024-05-01T00:00:00Z")
        func stay(_ name: String, _ lat6: Int, _ lon6: Int, from: Int64, minutes: Int64) {
            let points = stride(from: Int64(0), to: minutes, by: 47).map { (m: Int64) in Fix(instant: from + m * minute, lat6: lat6 + Int(m % 7) * 11, lon6: lon6 - Int(m % 5) * 13) }
            it.stays.append(Stay(name: name, lat6: lat6, lon6: lon6, start: from, end: from + minutes * minute, points: points))
        }
        func move(_ type: String, from a: (Int, Int), to b: (Int, Int), at start: Int64, minutes: Int64, every: Int64) {
            var points: [Fix] = []
            for m in stride(from: Int64(0), through: minutes, by: Int64.Stride(every)) {
                let f = Double(m) / Double(minutes)
                let lat6 = a.0 + Int((Double(b.0 - a.0) * f).rounded()), lon6 = a.1 + Int((Double(b.1 - a.1) * f).rounded())
                points.append(Fix(instant: start + m * minute, lat6: lat6, lon6: lon6))
            }
            it.moves.append(Move(type: type, start: start, end: start + minutes * minute, from: a, to: b, distance: Double(minutes) * 1_234.5, points: points))
        }
        let paris = (48_856_600, 2_352_200), brussels = (50_846_700, 4_352_500), lisbon = (38_722_300, -9_139_300)
        stay("Hôtel \"Étoile\"", paris.0, paris.1, from: day0 + 18 * 60 * minute, minutes: 14 * 60)              // 18:00 → 08:00
        move("IN_PASSENGER_VEHICLE", from: paris, to: brussels, at: day0 + 32 * 60 * minute, minutes: 200, every: 10)
        stay("Grand-Place", brussels.0, brussels.1, from: day0 + (32 * 60 + 200) * minute, minutes: 280)
        move("FLYING", from: brussels, to: lisbon, at: day0 + (32 * 60 + 480) * minute, minutes: 165, every: 55)
        stay("Alfama", lisbon.0, lisbon.1, from: day0 + (32 * 60 + 645) * minute, minutes: 2 * 24 * 60)
        return it
    }

    // MARK: Text

    static func degrees(_ v6: Int) -> String { (v6 < 0 ? "-" : "") + "\(abs(v6) / 1_000_000)." + String(String(abs(v6) % 1_000_000 + 1_000_000).dropFirst()) }
    static func e7(_ v6: Int) -> Int { v6 * 10 }
    static func iso(_ instant: Int64, offsetMinutes: Int = 0) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        f.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)!
        return f.string(from: Date(timeIntervalSince1970: Double(instant) / 1000))
    }
    static func json(_ s: String) -> String { s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }

    // MARK: Formats

    /// Takeout's Records.json, pretty-printed as Takeout does; western longitudes written as the
    /// unsigned overflow Takeout has in some years, every third time in `timestampMs`.
    func records() -> String {
        let rows = fixes.enumerated().map { i, f in
            let lon = f.lon6 < 0 ? Self.e7(f.lon6) + (1 << 32) : Self.e7(f.lon6)
            let time = i % 3 == 0 ? "\"timestampMs\": \"\(f.instant)\"" : "\"timestamp\": \"\(Self.iso(f.instant))\""
            let activity = i % 4 == 0 ? ",\n    \"activity\": [{\n      \"activity\": [{\n        \"type\": \"STILL\",\n        \"confidence\": 100\n      }],\n      \"timestamp\": \"\(Self.iso(f.instant))\"\n    }]" : ""
            return "{\n    \"latitudeE7\": \(Self.e7(f.lat6)),\n    \"longitudeE7\": \(lon),\n    \"accuracy\": 20\(activity),\n    \"source\": \"WIFI\",\n    \(time)\n  }"
        }
        return "{\n  \"locations\": [" + rows.joined(separator: ", ") + "]\n}"
    }

    /// One Semantic Location History month, minified; the second stay has only a candidate location.
    func semantic() -> String {
        let objects = segments.enumerated().map { i, s -> String in
            switch s {
            case .stay(let v):
                let place = "\"latitudeE7\":\(Self.e7(v.lat6)),\"longitudeE7\":\(Self.e7(v.lon6))"
                let location = i == 2 ? "\"location\":{\"name\":\"\(Self.json(v.name))\"},\"otherCandidateLocations\":[{\(place)}]"
                                      : "\"location\":{\(place),\"name\":\"\(Self.json(v.name))\"}"
                return "{\"placeVisit\":{\(location),\"duration\":{\"startTimestampMs\":\"\(v.start)\",\"endTimestampMs\":\"\(v.end)\"}}}"
            case .move(let m):
                let path = m.points.map { "{\"latE7\":\(Self.e7($0.lat6)),\"lngE7\":\(Self.e7($0.lon6)),\"timestamp\":\"\(Self.iso($0.instant))\"}" }
                return "{\"activitySegment\":{\"startLocation\":{\"latitudeE7\":\(Self.e7(m.from.0)),\"longitudeE7\":\(Self.e7(m.from.1))},"
                    + "\"endLocation\":{\"latitudeE7\":\(Self.e7(m.to.0)),\"longitudeE7\":\(Self.e7(m.to.1))},"
                    + "\"duration\":{\"startTimestamp\":\"\(Self.iso(m.start))\",\"endTimestamp\":\"\(Self.iso(m.end))\"},\"distance\":\(m.distance),"
                    + "\"activityType\":\"\(m.type)\",\"simplifiedRawPath\":{\"points\":[\(path.joined(separator: ","))]}}}"
            }
        }
        return "{\"timelineObjects\":[" + objects.joined(separator: ",") + "]}"
    }

    /// The phone's Timeline.json (local times at +02:00), the points in `timelinePath` segments, raw signals first.
    func timeline() -> String {
        func latLng(_ lat6: Int, _ lon6: Int) -> String { "\"\(Self.degrees(lat6))°, \(Self.degrees(lon6))°\"" }
        let t = { (ms: Int64) in Self.iso(ms, offsetMinutes: 120) }
        var parts: [String] = []
        for s in segments {
            switch s {
            case .stay(let v):
                parts.append("{\"startTime\": \"\(t(v.start))\", \"endTime\": \"\(t(v.end))\", \"visit\": {\"hierarchyLevel\": 0, \"topCandidate\": {\"placeId\": \"p\", \"semanticType\": \"UNKNOWN\", \"placeLocation\": {\"latLng\": \(latLng(v.lat6, v.lon6))}}}}")
            case .move(let m):
                parts.append("{\"startTime\": \"\(t(m.start))\", \"endTime\": \"\(t(m.end))\", \"activity\": {\"start\": {\"latLng\": \(latLng(m.from.0, m.from.1))}, \"end\": {\"latLng\": \(latLng(m.to.0, m.to.1))}, \"distanceMeters\": \(m.distance), \"topCandidate\": {\"type\": \"\(m.type)\", \"probability\": 0.9}}}")
            }
        }
        let path = fixes.map { "{\"point\": \(latLng($0.lat6, $0.lon6)), \"time\": \"\(t($0.instant))\"}" }
        parts.append("{\"startTime\": \"\(t(fixes.first!.instant))\", \"endTime\": \"\(t(fixes.last!.instant))\", \"timelinePath\": [\(path.joined(separator: ",\n  "))]}")
        return "{\n\"rawSignals\": [],\n\"semanticSegments\": [\n" + parts.joined(separator: ",\n") + "\n],\n\"userLocationProfile\": {\"frequentPlaces\": [{\"placeLocation\": \(latLng(stays[0].lat6, stays[0].lon6)), \"label\": \"HOME\"}]}\n}\n"
    }

    /// The iPhone's location-history.json: every number a string, paths timed by minute offsets.
    func timelineArray() -> String {
        func geo(_ lat6: Int, _ lon6: Int) -> String { "\"geo:\(Self.degrees(lat6)),\(Self.degrees(lon6))\"" }
        let t = { (ms: Int64) in Self.iso(ms, offsetMinutes: 60) }
        var parts: [String] = []
        for s in segments {
            let (start, end, points): (Int64, Int64, [Fix])
            switch s {
            case .stay(let v):
                (start, end, points) = (v.start, v.end, v.points)
                parts.append("{\"endTime\":\"\(t(end))\",\"startTime\":\"\(t(start))\",\"visit\":{\"hierarchyLevel\":\"0\",\"topCandidate\":{\"probability\":\"0.9\",\"semanticType\":\"Unknown\",\"placeID\":\"p\",\"placeLocation\":\(geo(v.lat6, v.lon6))},\"probability\":\"0.8\"}}")
            case .move(let m):
                (start, end, points) = (m.start, m.end, m.points)
                parts.append("{\"endTime\":\"\(t(end))\",\"startTime\":\"\(t(start))\",\"activity\":{\"end\":\(geo(m.to.0, m.to.1)),\"topCandidate\":{\"type\":\"\(m.type.lowercased().replacingOccurrences(of: "_", with: " "))\",\"probability\":\"0.9\"},\"distanceMeters\":\"\(m.distance)\",\"start\":\(geo(m.from.0, m.from.1))}}")
            }
            let path = points.map { "{\"point\":\(geo($0.lat6, $0.lon6)),\"durationMinutesOffsetFromStartTime\":\"\(($0.instant - start) / Self.minute)\"}" }
            parts.append("{\"endTime\":\"\(t(end))\",\"startTime\":\"\(t(start))\",\"timelinePath\":[\(path.joined(separator: ","))]}")
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    func timelineEdits() -> String {
        let edits = fixes.map { "{\"deviceId\": \"7\", \"rawSignal\": {\"signal\": {\"position\": {\"point\": {\"latE7\": \(Self.e7($0.lat6)), \"lngE7\": \(Self.e7($0.lon6))}, \"accuracyMm\": 20000, \"timestamp\": \"\(Self.iso($0.instant))\"}}}}" }
        return "{\"timelineEdits\": [\n" + edits.joined(separator: ",\n") + "\n]}"
    }

    func ownTracks() -> String {
        fixes.map { "\(Self.iso($0.instant).replacingOccurrences(of: ".000", with: ""))\t*                 \t{\"_type\":\"location\",\"acc\":20,\"lat\":\(Self.degrees($0.lat6)),\"lon\":\(Self.degrees($0.lon6)),\"tid\":\"ph\",\"tst\":\($0.instant / 1000),\"vel\":0}\n" }.joined()
    }

    /// Times in seconds, milliseconds and ISO 8601 in turn.
    func geoJSON() -> String {
        let features = fixes.enumerated().map { i, f in
            let time = [ "\(f.instant / 1000)", "\(f.instant)", "\"\(Self.iso(f.instant))\"" ][i % 3]
            return "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(Self.degrees(f.lon6)),\(Self.degrees(f.lat6))]},\"properties\":{\"timestamp\":\(time)}}"
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",") + "]}"
    }

    func gpx() -> String {
        let points = fixes.map { "<trkpt lat=\"\(Self.degrees($0.lat6))\" lon=\"\(Self.degrees($0.lon6))\"><time>\(Self.iso($0.instant))</time></trkpt>" }
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n"
    }

    // MARK: What a read must give back

    var expectedPoints: [[Double]] { fixes.map { [Double($0.instant), Double($0.lat6) / 1e6, Double($0.lon6) / 1e6] } }
    var movePoints: [[Double]] { moves.flatMap(\.points).map { [Double($0.instant), Double($0.lat6) / 1e6, Double($0.lon6) / 1e6] } }
    var expectedVisits: [HistoryVisit] {
        stays.map { HistoryVisit(start: $0.start, end: $0.end, position: HistoryPosition(latitude: Double($0.lat6) / 1e6, longitude: Double($0.lon6) / 1e6), name: $0.name) }
    }
    var expectedActivities: [HistoryActivity] {
        moves.map { HistoryActivity(start: $0.start, end: $0.end, startPosition: HistoryPosition(latitude: Double($0.from.0) / 1e6, longitude: Double($0.from.1) / 1e6),
                                    endPosition: HistoryPosition(latitude: Double($0.to.0) / 1e6, longitude: Double($0.to.1) / 1e6), type: $0.type, distance: $0.distance) }
    }
}

extension Array where Element == HistoryPoint {
    /// Instant, latitude, longitude: what every format carries.
    var triples: [[Double]] { map { [Double($0.instant), $0.latitude, $0.longitude] } }
}
