/// Takeout's `Timeline Edits.json`: `{"timelineEdits": [{"rawSignal": {"signal": {"position":
/// {"point": {"latE7", "lngE7"}, "accuracyMm", "timestamp"}}}}, …]}`. Only the raw positions are
/// taken (what has a point and a timestamp); the place aggregates and other edits are skipped.
///
/// ```json
/// {"timelineEdits": [{"deviceId": "1", "rawSignal": {"signal": {"position": {"point": {"latE7": 488566000,
///   "lngE7": 23522000}, "accuracyMm": 12000, "timestamp": "2024-05-01T08:00:00Z"}}}}]}
/// ```
extension HistoryParser {
    func readTimelineEdits() throws(HistoryError) {
        guard try s.enterArray() else { return }
        while try s.nextElement() {
            guard try s.enterObject() else { continue }
            while try s.nextKey() {
                guard case "rawSignal" = s.key, try s.enterObject() else {
                    try s.skipValue()
                    continue
                }
                while try s.nextKey() {
                    guard case "signal" = s.key, try s.enterObject() else {
                        try s.skipValue()
                        continue
                    }
                    while try s.nextKey() {
                        if case "position" = s.key { try readRawPosition() } else { try s.skipValue() }
                    }
                }
            }
        }
    }
}
