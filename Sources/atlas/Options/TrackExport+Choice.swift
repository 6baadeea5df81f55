import Passport

/// `atlas export --track --format gpx|geojson`.
extension TrackExport.Format: Choice {}

/// `atlas export --track --coordinates exact|city`.
extension TrackExport.Precision: Choice {}
