import Gazetteer

/// Every position the command line reads, read one way: the resolver's own reading of a
/// coordinate (``GeoCoordinate/init(parsing:)``), in one word or several. The arguments of
/// `atlas resolve`, `home set` and `set-place`, and the options `--near` and `--home`, take the
/// same forms:
///
/// ```sh
/// atlas resolve -33.8568 151.2153          # two words
/// atlas resolve "-33.8568, 151.2153"       # one word with a comma, as map apps copy it
/// atlas resolve -33.8568, 151.2153         # the comma on the first word
/// atlas resolve 1e-5 1e-5                  # exponents
/// atlas resolve 33°51'S 151°12'E
/// atlas search tokyo --near -33.86 151.21
/// ```
///
/// A word that starts with `-` and a digit or a point is never an option (``Arguments``), so a
/// southern latitude or a western longitude is written as the north and the east are.
enum Position {
    /// The coordinate `text` is, or nil when it is none (then it is a place's name or code).
    static func coordinate(_ text: String) -> GeoCoordinate? {
        try? GeoCoordinate(parsing: text)
    }

    /// The coordinate `text` is, or the usage error that says why not: `--near takes LAT,LON,
    /// not '39.8': …` for an option, `'39.8' is not a coordinate: …` for arguments.
    static func parse(_ text: String, option: String? = nil) throws(UsageError) -> GeoCoordinate {
        do {
            return try GeoCoordinate(parsing: text)
        } catch {
            throw UsageError((option.map { "\($0) takes LAT,LON, not '\(text.shown)'" } ?? "'\(text.shown)' is not a coordinate") + ": \(error.reason)")
        }
    }

    /// Arguments that may be a position in several words (`-33.86,` `151.21`), as one text.
    static func joined(_ words: some Sequence<String>) -> String { words.joined(separator: " ") }

    /// Two words that are one position only together (`-33.86` `151.21`, `-33.86,` `151.21`,
    /// `33°51'S` `151°12'E`): what an option taking a position takes as one value.
    static func continues(_ first: String, with second: String) -> Bool {
        coordinate(first) == nil && coordinate(first + " " + second) != nil
    }

    /// `-33.8568, 151.2153`: a coordinate as the command line writes it back.
    static func text(_ coordinate: GeoCoordinate) -> String { "\(coordinate.latitude), \(coordinate.longitude)" }
}

/// A place as an option gives it (`--home`): a position, kept exact, or the identifier, code or
/// name of a place that the command resolves through its gazetteer.
enum PlaceOrPosition: Sendable {
    case position(GeoCoordinate, text: String)
    case place(String)

    init(_ text: String) {
        self = Position.coordinate(text).map { .position($0, text: text) } ?? .place(text)
    }

    var isPosition: Bool {
        if case .position = self { true } else { false }
    }

    /// The words given.
    var text: String {
        switch self {
        case .position(_, let text), .place(let text): text
        }
    }
}
