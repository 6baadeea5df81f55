/// One place a search found, with how well its name or code matched.
///
/// ```swift
/// let first = try gazetteer.search(SearchQuery(text: "LAX")).first!
/// first.place.id     // airport:LAX
/// first.match        // .exact
/// ```
///
/// A value type; `Sendable`.
public struct SearchResult: Sendable, Hashable {
    /// How the query matched, best first: the first rule of the ranking (exact and prefix
    /// matches then rank together by importance, other matches after them).
    public enum Match: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// The whole name, a whole alternate name ("münchen" for Munich, "roma" for Rome), or
        /// one of the place's codes (ISO, IATA, ICAO) equals the query; never a word of a name.
        case exact
        /// The name starts with the query, word by word, the last word possibly unfinished.
        case prefix
        /// Every word of the query starts some word of the name, an alternate name, a code or
        /// the names of the place's country and region.
        case other

        public var name: String { String(describing: self) }

        public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    public let place: Place
    public let match: Match
    /// Distance from ``SearchQuery/near``, when the query had one and the place a coordinate.
    public let distanceKm: Double?
    /// The importance the ranking gave the place, as `log10` (rule 2 of
    /// ``Gazetteer/search(_:)``, before any distance bias): 6 is a city of a million, and
    /// countries count at least 6. Two results whose scores differ by 1 differ tenfold.
    public let score: Double

    public init(place: Place, match: Match, distanceKm: Double?, score: Double = 0) {
        self.place = place
        self.match = match
        self.distanceKm = distanceKm
        self.score = score
    }
}
