/// The on-device Timeline exports: the Android phone's `Timeline.json` (`semanticSegments`,
/// `rawSignals`, `userLocationProfile`) and the iPhone's `location-history.json` (a top-level
/// array of the same segments, positions as `"geo:LAT,LON"`, every number a string).
///
/// ```json
/// {"startTime": "2024-05-01T08:00:00.000+02:00", "endTime": "…",
///  "visit": {"topCandidate": {"placeId": "…", "semanticType": "HOME", "placeLocation": {"latLng": "48.8566°, 2.3522°"}}}}
/// {"startTime": "…", "endTime": "…", "activity": {"start": {"latLng": "…"}, "end": {"latLng": "…"},
///  "distanceMeters": 1234.5, "topCandidate": {"type": "FLYING"}}}
/// {"startTime": "…", "endTime": "…", "timelinePath": [{"point": "48.85°, 2.35°", "time": "…"}]}
/// ```
///
/// A `timelinePath` point has a `time` (Android) or `durationMinutesOffsetFromStartTime` (iPhone),
/// counted from the segment's `startTime`; key order is not guaranteed, so the offset points of
/// a segment whose start comes after its path wait for the end of the segment (at most
/// ``maximumWaiting``; the rest are skipped).
extension HistoryParser {
    /// Path points of one segment held while its `startTime` is unknown.
    static let maximumWaiting = 65_536

    func readSegments() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() { _ = try readSegment() }
    }

    /// One segment; whether it had any of a segment's keys (how the iPhone's array is told from other JSON arrays).
    func readSegment() throws(HistoryError) -> Bool {
        guard try s.enterObject() else { return false }
        var known = false
        var start: Int64?, end: Int64?
        var visit: HistoryVisit?, activity: HistoryActivity?
        var waiting: [(minutes: Double, position: HistoryPosition)] = []
        while try s.nextKey() {
            switch s.key {
            case "startTime": (known, start) = (true, try readInstant(.milliseconds))
            case "endTime": (known, end) = (true, try readInstant(.milliseconds))
            case "visit": (known, visit) = (true, try readVisitBody())
            case "activity": (known, activity) = (true, try readActivityBody())
            case "timelinePath":
                known = true
                guard try s.enterArray() else { break }
                while try s.nextElement() {
                    guard try s.enterObject() else { continue }
                    var position: HistoryPosition?, instant: Int64?, minutes: Double?
                    while try s.nextKey() {
                        switch s.key {
                        case "point": position = try readPosition()
                        case "time": instant = try readInstant(.milliseconds)
                        case "durationMinutesOffsetFromStartTime": minutes = try s.readDouble()
                        default: try s.skipValue()
                        }
                    }
                    if instant == nil, let minutes, let position, start == nil {
                        if waiting.count < Self.maximumWaiting { waiting.append((minutes, position)) } else { summary.skipped += 1 }
                        continue
                    }
                    emitPoint(instant: instant ?? Self.offset(start, minutes), position: position)
                }
            default: try s.skipValue()
            }
        }
        for w in waiting { emitPoint(instant: Self.offset(start, w.minutes), position: w.position) }
        if var visit {
            if let start, let end {
                (visit.start, visit.end) = (start, end)
                emit(visit)
            } else {
                summary.skipped += 1
            }
        }
        if var activity {
            if let start, let end {
                (activity.start, activity.end) = (start, end)
                emit(activity)
            } else {
                summary.skipped += 1
            }
        }
        return known
    }

    private static func offset(_ start: Int64?, _ minutes: Double?) -> Int64? {
        guard let start, let minutes, abs(minutes) < 1e9 else { return nil }
        return start + Int64((minutes * 60_000).rounded())
    }

    /// `{"topCandidate": {"placeId" | "placeID", "semanticType", "placeLocation"}, …}`; nil without a position.
    private func readVisitBody() throws(HistoryError) -> HistoryVisit? {
        guard try s.enterObject() else { return nil }
        var visit: HistoryVisit?
        var placeID: String?, semanticType: String?
        while try s.nextKey() {
            guard case "topCandidate" = s.key, try s.enterObject() else {
                try s.skipValue()
                continue
            }
            var position: HistoryPosition?
            while try s.nextKey() {
                switch s.key {
                case "placeLocation": position = try readPosition()
                case "placeId", "placeID": placeID = try s.readString()
                case "semanticType": semanticType = try s.readString()
                default: try s.skipValue()
                }
            }
            if let position { visit = HistoryVisit(start: 0, end: 0, position: position) }
        }
        guard var visit else {
            summary.skipped += 1
            return nil
        }
        (visit.placeID, visit.semanticType) = (placeID, semanticType)
        return visit
    }

    /// `{"start", "end", "distanceMeters", "topCandidate": {"type"}}`.
    private func readActivityBody() throws(HistoryError) -> HistoryActivity? {
        guard try s.enterObject() else { return nil }
        var activity = HistoryActivity(start: 0, end: 0)
        while try s.nextKey() {
            switch s.key {
            case "start": activity.startPosition = try readPosition()
            case "end": activity.endPosition = try readPosition()
            case "distanceMeters": activity.distance = try s.readDouble()
            case "topCandidate":
                guard try s.enterObject() else { break }
                while try s.nextKey() {
                    if case "type" = s.key { activity.type = try s.readString().map(HistoryActivity.normalisedType) } else { try s.skipValue() }
                }
            default: try s.skipValue()
            }
        }
        return activity
    }

    /// `rawSignals[]`: `{"position": {"LatLng", "accuracyMeters", "altitudeMeters", "speedMetersPerSecond", "timestamp"}}`
    /// (Wi-Fi scans and activity records are skipped).
    func readRawSignals() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else { continue }
            while try s.nextKey() {
                if case "position" = s.key { try readRawPosition() } else { try s.skipValue() }
            }
        }
    }

    /// A raw position: the phone's `rawSignals[].position`, `Timeline Edits.json`'s
    /// `rawSignal.signal.position` (`point` with `latE7`/`lngE7`, `accuracyMm`).
    func readRawPosition() throws(HistoryError) {
        guard try s.enterObject() else { return }
        var position: HistoryPosition?, instant: Int64?
        var accuracy: Double?, altitude: Double?, speed: Double?
        while try s.nextKey() {
            switch s.key {
            case "LatLng", "latLng", "point": position = try readPosition()
            case "timestamp": instant = try readInstant(.milliseconds)
            case "accuracyMeters": accuracy = try s.readDouble()
            case "accuracyMm": accuracy = try s.readDouble().map { $0 / 1_000 }
            case "altitudeMeters": altitude = try s.readDouble()
            case "speedMetersPerSecond": speed = try s.readDouble()
            default: try s.skipValue()
            }
        }
        emitPoint(instant: instant, position: position, accuracy: accuracy, speed: speed, elevation: altitude)
    }

    /// `userLocationProfile.frequentPlaces[]`: `{"placeId", "placeLocation", "label"}`.
    func readLocationProfile() throws(HistoryError) {
        guard try s.enterObject() else { return }
        while try s.nextKey() {
            guard case "frequentPlaces" = s.key, try s.enterArray() else {
                try s.skipValue()
                continue
            }
            while try s.nextElement() {
                guard try s.enterObject() else { continue }
                var place = FrequentPlace(position: HistoryPosition(latitude: 0, longitude: 0))
                var position: HistoryPosition?
                while try s.nextKey() {
                    switch s.key {
                    case "placeLocation": position = try readPosition()
                    case "label": place.label = try s.readString()
                    case "placeId", "placeID": place.placeID = try s.readString()
                    default: try s.skipValue()
                    }
                }
                guard let position else {
                    summary.skipped += 1
                    continue
                }
                place.position = position
                emit(place)
            }
        }
    }
}
