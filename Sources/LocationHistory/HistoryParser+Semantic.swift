/// Google Takeout's Semantic Location History (`YYYY/YYYY_MONTH.json`): `{"timelineObjects":
/// [{"placeVisit": …} | {"activitySegment": …}]}`.
///
/// ```json
/// {"placeVisit": {"location": {"latitudeE7": 488566000, "longitudeE7": 23522000, "name": "Louvre",
///   "address": "Paris", "placeId": "ChIJ…"}, "duration": {"startTimestamp": "…", "endTimestamp": "…"}}}
/// {"activitySegment": {"startLocation": {…}, "endLocation": {}, "duration": {…}, "distance": 12000,
///   "activityType": "IN_PASSENGER_VEHICLE", "waypointPath": {"waypoints": [{"latE7": …, "lngE7": …}]},
///   "simplifiedRawPath": {"points": [{"latE7": …, "lngE7": …, "timestamp": "…"}]}}}
/// ```
///
/// A visit's position is its `location`'s, else its first `otherCandidateLocations`' (Google
/// leaves `location` without coordinates when unsure), else `centerLatE7`/`centerLngE7`; a visit
/// with none, or without both times, is skipped. Raw path points are timed: they are points.
extension HistoryParser {
    func readTimelineObjects() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else { continue }
            while try s.nextKey() {
                switch s.key {
                case "placeVisit": try readPlaceVisit()
                case "activitySegment": try readActivitySegment()
                default: try s.skipValue()
                }
            }
        }
    }

    private func readPlaceVisit() throws(HistoryError) {
        guard try s.enterObject() else { return }
        var visit = HistoryVisit(start: 0, end: 0, position: HistoryPosition(latitude: 0, longitude: 0))
        var location: HistoryPosition?, candidate: HistoryPosition?
        var centerLat: Int64?, centerLng: Int64?
        var start: Int64?, end: Int64?
        while try s.nextKey() {
            switch s.key {
            case "location":
                guard try s.enterObject() else { break }
                var latE7: Int64?, lngE7: Int64?
                while try s.nextKey() {
                    switch s.key {
                    case "latitudeE7": latE7 = try s.readInteger()
                    case "longitudeE7": lngE7 = try s.readInteger()
                    case "name": visit.name = try s.readString()
                    case "address": visit.address = try s.readString()
                    case "placeId": visit.placeID = try s.readString()
                    case "semanticType": visit.semanticType = try s.readString()
                    default: try s.skipValue()
                    }
                }
                if latE7 != nil || lngE7 != nil {
                    location = Self.position(latitudeE7: latE7, longitudeE7: lngE7)
                }
            case "duration": (start, end) = try readDuration()
            case "otherCandidateLocations":
                guard try s.enterArray() else { break }
                while try s.nextElement() {
                    if candidate == nil { candidate = try readPosition() } else { try s.skipValue() }
                }
            case "centerLatE7": centerLat = try s.readInteger()
            case "centerLngE7": centerLng = try s.readInteger()
            default: try s.skipValue()
            }
        }
        guard let start, let end, let position = location ?? candidate ?? Self.position(latitudeE7: centerLat, longitudeE7: centerLng) else {
            summary.skipped += 1
            return
        }
        (visit.start, visit.end, visit.position) = (start, end, position)
        emit(visit)
    }

    private func readActivitySegment() throws(HistoryError) {
        guard try s.enterObject() else { return }
        var activity = HistoryActivity(start: 0, end: 0)
        var start: Int64?, end: Int64?
        while try s.nextKey() {
            switch s.key {
            case "startLocation": activity.startPosition = try readPosition()
            case "endLocation": activity.endPosition = try readPosition()
            case "duration": (start, end) = try readDuration()
            case "distance": activity.distance = try s.readDouble()
            case "activityType": activity.type = try s.readString().map(HistoryActivity.normalisedType)
            case "waypointPath":
                guard try s.enterObject() else { break }
                while try s.nextKey() {
                    guard case "waypoints" = s.key, try s.enterArray() else {
                        try s.skipValue()
                        continue
                    }
                    while try s.nextElement() {
                        guard let p = try readPosition() else { continue }
                        if activity.waypoints.count < HistoryActivity.maximumWaypoints { activity.waypoints.append(p) } else { summary.skipped += 1 }
                    }
                }
            case "simplifiedRawPath":
                guard try s.enterObject() else { break }
                while try s.nextKey() {
                    guard case "points" = s.key else {
                        try s.skipValue()
                        continue
                    }
                    try readPathPoints()
                }
            default: try s.skipValue()
            }
        }
        guard let start, let end else {
            summary.skipped += 1
            return
        }
        (activity.start, activity.end) = (start, end)
        emit(activity)
    }

    /// `[{latE7, lngE7, timestamp | timestampMs, accuracyMeters}]`.
    private func readPathPoints() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else { continue }
            var latE7: Int64?, lngE7: Int64?, instant: Int64?, accuracy: Double?
            while try s.nextKey() {
                switch s.key {
                case "latE7", "latitudeE7": latE7 = try s.readInteger()
                case "lngE7", "longitudeE7": lngE7 = try s.readInteger()
                case "timestamp", "timestampMs": instant = try readInstant(.milliseconds)
                case "accuracyMeters": accuracy = try s.readDouble()
                default: try s.skipValue()
                }
            }
            emitPoint(instant: instant, position: Self.position(latitudeE7: latE7, longitudeE7: lngE7), accuracy: accuracy)
        }
    }
}
