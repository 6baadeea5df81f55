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
        Self(placeholder: "YYYY-MM-DD", valid: "2024-05-01", invalid: "2024-13-01") { name, text throws(UsageError) in
            guard let day = CalendarDay(text) else { throw UsageError("\(name) takes YYYY-MM-DD, not '\(text.shown)'") }
            return day
        }
    }
}

extension ValueParser where Value: Choice {
    /// One of the enum's names, in any case; a near miss is answered with the nearest names.
    static func choice(_ placeholder: String) -> Self {
        Self(placeholder: placeholder, choices: Value.names, valid: Value.names[0], invalid: "zzz") { name, text throws(UsageError) in
            try Value.named(text, option: name)
        }
    }
}
