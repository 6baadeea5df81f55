/// The kinds of location history ``HistoryReader`` knows, as it recognised them by content.
///
/// ```swift
/// summary.format.rawValue   // "google-records"
/// ```
///
/// The raw values are stable labels for output and storage. `Sendable`.
public enum HistoryFormat: String, Sendable, CaseIterable {
    /// Google Takeout's `Records.json`: `{"locations": [...]}`.
    case googleRecords = "google-records"
    /// Google Takeout's Semantic Location History, one file a month: `{"timelineObjects": [...]}`.
    case googleSemantic = "google-semantic"
    /// The Android phone's own export (2024+), `Timeline.json`: `semanticSegments`, `rawSignals`, `userLocationProfile`.
    case googleTimeline = "google-timeline"
    /// The iPhone's export of Google Maps Timeline, `location-history.json`: a top-level array of segments.
    case googleTimelineArray = "google-timeline-array"
    /// Takeout's `Timeline Edits.json`: `{"timelineEdits": [...]}`.
    case googleTimelineEdits = "google-timeline-edits"
    /// An OwnTracks recorder `.rec` file: `TIMESTAMP<TAB>TOPIC<TAB>JSON` lines.
    case ownTracks = "owntracks"
    /// A GeoJSON `FeatureCollection` of timed `Point` features (Dawarich, GPSLogger).
    case geoJSON = "geojson"
    /// A GPX file's track points.
    case gpx = "gpx"
}
