/// The one definition of a visit, which the log's aggregates, the import summary, every
/// passport command and the export all go through.
///
/// ```swift
/// let day = VisitRules.classify(photosOfOneDay)   // statuses set: visit, flight, transit, unplaced
/// ```
///
/// - A photo without a country (international waters, no position) is **unplaced**.
/// - A photo above 9,000 m (higher than any summit) or faster than 250 km/h is taken in
///   **flight**; a hand-set place is the user's word and never is.
/// - On a local date, when every grounded photo in a country was taken at an airport (and none
///   of them has a hand-set place), those photos are in **transit**: a layover.
/// - Every other photo is a **visit** of its continent, country, region, city and district.
/// - An airport is visited by every photo taken at it that is not in flight (layovers included).
/// - A mark counts like a visiting photo for its place and the places above it.
///
/// Every rule looks at one local date only: that is what lets the log keep its aggregates per
/// day and bring only the days a write touched up to date.
public enum VisitRules {
    public static let flightAltitudeMeters = 9_000.0
    public static let flightSpeedKmh = 250.0

    /// `photos` with their statuses set. Transit is decided per (country, local date), so
    /// `photos` must hold every photo of the dates it covers.
    public static func classify(_ photos: consuming [VisitPhoto]) -> [VisitPhoto] {
        var out = photos
        for i in out.indices {
            out[i].status = out[i].country == nil ? .unplaced : out[i].isInFlight ? .flight : .visit
        }
        // A (country, date) is transit when every grounded photo of it was taken at an airport.
        struct Key: Hashable { let country: String, date: String }
        // Read in place and each key made once: an export classifies a million photos.
        var allAtAirports: [Key: Bool] = [:]
        var keys = [Key?](repeating: nil, count: out.count)
        for i in out.indices where out[i].status == .visit {
            guard let country = out[i].country?.id, let date = out[i].localDate else { continue }
            let key = Key(country: country, date: date)
            keys[i] = key
            allAtAirports[key] = allAtAirports[key, default: true] && out[i].airport != nil && !out[i].isHandSet
        }
        for i in out.indices {
            if let key = keys[i], allAtAirports[key] == true { out[i].status = .transit }
        }
        return out
    }
}
