import Passport

/// `atlas export --coordinates exact|city|none`.
extension TravelRecord.Coordinates: Choice {}
