import Gazetteer
import Passport
import TravelLog

/// How an option's word becomes a value, and how the help shows what it takes: the
/// placeholder (`N`, `YYYY`, `PATH`), the fixed choices, and what a shell completes.
///
/// ```swift
/// ValueParser.integer(in: 1...256).parse("--jobs", "0")
/// // UsageError: --jobs takes a whole number from 1 to 256, not '0'
/// ```
struct ValueParser<Value>: Sendable {
    let placeholder: String
    var choices: [String] = []
    var completion: OptionDeclaration.Completion = .none
    /// A word the parser takes, and one it refuses (nil when it takes any): what the tests
    /// give every declared option (`atlas --declarations`).
    var valid = "x"
    var invalid: String? = nil
    /// The value as the command line writes it: `show(parse(valid)) == valid`, which the tests
    /// check through every command (`atlas --parse`, ``Arguments/seen``).
    var show: @Sendable (Value) -> String = { String(describing: $0) }
    /// The value of `text` given to the option `name`.
    let parse: @Sendable (_ name: String, _ text: String) throws(UsageError) -> Value
}

extension ValueParser where Value == Int {
    /// A whole number within `range`.
    static func integer(_ placeholder: String = "N", in range: ClosedRange<Int>) -> Self {
        Self(placeholder: placeholder, valid: String(range.lowerBound), invalid: String(range.upperBound + 1)) { name, text throws(UsageError) in
            guard let n = Int(text), range.contains(n) else {
                throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.shown)'")
            }
            return n
        }
    }

    /// A year of the calendar the log can hold.
    static var year: Self { integer("YYYY", in: 1800...9999) }
}

extension ValueParser where Value == String {
    /// Any word, checked by the command that reads it (a title, a note, a place to resolve).
    /// `example`: a word the command takes (a coordinate for `LAT,LON`).
    static func text(_ placeholder: String, example: String = "x") -> Self {
        Self(placeholder: placeholder, valid: example) { _, text in text }
    }

    /// A file or folder: the shells complete file names.
    static func path(_ placeholder: String = "PATH") -> Self {
        Self(placeholder: placeholder, completion: .path, valid: "/nonexistent") { _, text in text }
    }
}

extension ValueParser where Value == CalendarDay {
    /// A date of the calendar, `YYYY-MM-DD`.
    static var day: Self {
        Self(placeholder: "YYYY-MM-DD", valid: "2024-05-01", invalid: "2024-13-01", show: \.text) { name, text throws(UsageError) in
            guard let day = CalendarDay(text) else { throw UsageError("\(name) takes YYYY-MM-DD, not '\(text.shown)'") }
            return day
        }
    }
}

extension ValueParser where Value: Choice {
    /// One of the enum's names, in any case; a near miss is answered with the nearest names.
    static func choice(_ placeholder: String) -> Self {
        Self(placeholder: placeholder, choices: Value.names, valid: Value.names.first ?? "", invalid: "zzz", show: \.rawValue) { name, text throws(UsageError) in
            try Value.named(text, option: name)
        }
    }
}

extension ValueParser where Value == GeoCoordinate {
    /// A position, read as every position on the command line is (``Position``): `"35.0, 135.7"`,
    /// `-33.86,151.21`, `-33.86 151.21` (two words, joined by ``Arguments``), `1e-5 1e-5`, or
    /// degrees, minutes and seconds with hemisphere letters.
    static var coordinate: Self {
        Self(placeholder: "LAT,LON", valid: "35.5, 135.75", invalid: "95, 0", show: Position.text) { name, text throws(UsageError) in
            try Position.parse(text, option: name)
        }
    }
}

extension ValueParser where Value == PlaceOrPosition {
    /// A place by identifier, code or name, or a position (``PlaceOrPosition``): resolved
    /// through the gazetteer by the command that opens it.
    static var placeOrPosition: Self {
        Self(placeholder: "PLACE", valid: "35.5, 135.75", show: \.text) { _, text in PlaceOrPosition(text) }
    }
}

extension ValueParser where Value == DayPeriod {
    /// A month and day that every year has, `MM-DD` (`04-06`; not `02-29`).
    static var monthDay: Self {
        Self(placeholder: "MM-DD", valid: "04-06", invalid: "02-29", show: \.text) { name, text throws(UsageError) in
            guard let period = DayPeriod(text) else {
                throw UsageError("\(name) takes a month and day MM-DD that every year has (04-06, not 02-29), not '\(text.shown)'")
            }
            return period
        }
    }
}
