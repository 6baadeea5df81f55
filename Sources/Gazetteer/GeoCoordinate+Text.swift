/// Why a text is not a coordinate, thrown by ``GeoCoordinate/init(parsing:)``.
///
/// ```swift
/// do { _ = try GeoCoordinate(parsing: "48°75'N 2°E") } catch { print(error.reason) }
/// // the latitude has minutes of 75, not below 60
/// ```
public struct CoordinateTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words for people, without the text itself.
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}

extension GeoCoordinate {
    /// A coordinate as people write it and map apps copy it: latitude first in decimal degrees,
    /// or both in degrees, minutes and seconds with hemisphere letters.
    ///
    /// ```swift
    /// try GeoCoordinate(parsing: "48.8584, 2.2945")                    // Google Maps' copy
    /// try GeoCoordinate(parsing: "48.8584 2.2945")
    /// try GeoCoordinate(parsing: "48°51'30.2\"N 2°17'40.2\"E")         // 48.85839, 2.29450
    /// try GeoCoordinate(parsing: "48.8584° N, 2.2945° E")              // Apple Maps' copy
    /// try GeoCoordinate(parsing: "S 33° 51.5', E 151° 12.7'")          // -33.85833, 151.21167
    /// ```
    ///
    /// The rules:
    /// - Two parts, each one to three numbers: degrees, then minutes, then seconds, marked or not
    ///   with `°`, `'` and `"` (the typographic `′` and `″`, and `''` for seconds, too). Degrees
    ///   are whole when minutes follow, minutes whole when seconds follow; minutes and seconds
    ///   are below 60.
    /// - With hemisphere letters (`N`, `S`, `E`, `W`, any case), before or after every part, the
    ///   letters decide which part is the latitude (`2°E 48°N` reads as 48, 2) and the sign (`S`
    ///   and `W` are negative, and a number then has no sign of its own).
    /// - Without letters, the latitude comes first; the parts are separated by a comma, or by
    ///   spaces between two plain numbers, or start at each number marked `°`. Decimals use a
    ///   point: `48,85, 2,35` is refused rather than guessed at.
    /// - A number is read as ``number(_:)`` reads it: `1e-5` is a number, unless the text has
    ///   another hemisphere letter (N, S, W), where an E is east (`S33E151`).
    /// - Brackets and spaces around it all are ignored; the result is within [-90, 90] and
    ///   [-180, 180].
    public init(parsing text: String) throws(CoordinateTextError) {
        let tokens = try CoordinateTokens.read(text)
        let parts = try CoordinateTokens.parts(tokens)
        var latitude: Double?, longitude: Double?
        for (index, part) in parts.enumerated() {
            let isLatitude: Bool
            switch part.hemisphere {
            case "N"?, "S"?: isLatitude = true
            case "E"?, "W"?: isLatitude = false
            default: isLatitude = index == 0
            }
            let label = isLatitude ? "latitude" : "longitude"
            guard (isLatitude ? latitude : longitude) == nil else {
                throw CoordinateTextError("two \(label)s: give one N or S and one E or W")
            }
            var value = try part.degrees(label)
            if part.hemisphere == "S" || part.hemisphere == "W" { value = -value }
            if isLatitude { latitude = value } else { longitude = value }
        }
        self.init(latitude: latitude!, longitude: longitude!)
        if let reason = invalidReason { throw CoordinateTextError(reason) }
    }
}

/// The pieces of a written coordinate: numbers, the marks after them, hemisphere letters and
/// commas.
enum CoordinateTokens {
    enum Token: Equatable {
        case number(Double, text: String)
        /// 1 degrees, 2 minutes, 3 seconds.
        case unit(Int)
        case hemisphere(Character)
        case comma
    }

    /// One of the two parts: its numbers, each with the unit marked after it (0 when none), and
    /// its hemisphere letter.
    struct Part {
        var numbers: [(value: Double, text: String, unit: Int)] = []
        var hemisphere: Character?

        func degrees(_ label: String) throws(CoordinateTextError) -> Double {
            guard !numbers.isEmpty else { throw CoordinateTextError("the \(label) has no number") }
            guard numbers.count <= 3 else { throw CoordinateTextError("the \(label) has more than degrees, minutes and seconds") }
            for (i, n) in numbers.enumerated() {
                if n.unit != 0 && n.unit != i + 1 {
                    throw CoordinateTextError("the \(label)'s \(["degrees", "minutes", "seconds"][i]) are marked \(["°", "'", "\""][n.unit - 1])")
                }
                if i > 0 && (n.text.hasPrefix("-") || n.text.hasPrefix("+")) {
                    throw CoordinateTextError("the \(label) has a sign inside it ('\(n.text)')")
                }
                if i < numbers.count - 1 && n.value != n.value.rounded() {
                    throw CoordinateTextError("the \(label)'s \(["degrees", "minutes"][i]) are not whole though \(["minutes", "seconds"][i]) follow")
                }
                if i > 0 && n.value >= 60 {
                    throw CoordinateTextError("the \(label) has \(["", "minutes", "seconds"][i]) of \(n.text), not below 60")
                }
            }
            let negative = numbers[0].text.hasPrefix("-")
            if negative && hemisphere != nil { throw CoordinateTextError("the \(label) has both a sign and a hemisphere letter") }
            var value = abs(numbers[0].value)
            if numbers.count > 1 { value += numbers[1].value / 60 }
            if numbers.count > 2 { value += numbers[2].value / 3600 }
            return negative ? -value : value
        }
    }

    static func read(_ text: String) throws(CoordinateTextError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        // "S33E151" is a southern latitude and an eastern longitude, not 33×10¹⁵¹: where another
        // hemisphere letter stands, an E is always east.
        let exponents = !characters.contains { "NSWnsw".contains($0) }
        var i = 0
        while i < characters.count {
            let c = characters[i]
            switch c {
            case " ", "\t", "\n", "(", ")", "[", "]":
                i += 1
            case ",", ";":
                tokens.append(.comma)
                i += 1
            case "°", "º", "˚":
                tokens.append(.unit(1))
                i += 1
            case "'", "′", "’", "‘", "´":
                // Two single quotes are the seconds mark.
                if i + 1 < characters.count, ["'", "′", "’"].contains(characters[i + 1]) {
                    tokens.append(.unit(3))
                    i += 2
                } else {
                    tokens.append(.unit(2))
                    i += 1
                }
            case "\"", "″", "”", "“":
                tokens.append(.unit(3))
                i += 1
            case _ where c.isLetter:
                let upper = Character(c.uppercased())
                guard "NSEW".contains(upper), i + 1 == characters.count || !characters[i + 1].isLetter else {
                    var word = ""
                    while i < characters.count, characters[i].isLetter { word.append(characters[i]); i += 1 }
                    throw CoordinateTextError("'\(word)' is not a hemisphere letter (N, S, E, W)")
                }
                tokens.append(.hemisphere(upper))
                i += 1
            case "-", "+", "−", "0"..."9", ".":
                var number = c == "−" ? "-" : String(c)
                i += 1
                while i < characters.count, characters[i].isASCII, characters[i].isNumber || characters[i] == "." {
                    number.append(characters[i])
                    i += 1
                }
                if exponents, let end = exponentEnd(characters, at: i) {
                    number += String(characters[i..<end])
                    i = end
                }
                guard let value = GeoCoordinate.number(number) else { throw CoordinateTextError("'\(number)' is not a number") }
                tokens.append(.number(value, text: number))
            default:
                throw CoordinateTextError("unexpected '\(c)'")
            }
        }
        return tokens
    }

    /// Where the exponent that starts at `i` (`e-5`, `E+3`, `e7`) ends, or nil when there is none
    /// (an `E` with no digits after it is a hemisphere letter).
    private static func exponentEnd(_ characters: [Character], at i: Int) -> Int? {
        guard i < characters.count, characters[i] == "e" || characters[i] == "E" else { return nil }
        var end = i + 1
        if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
        let digits = end
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        return end > digits ? end : nil
    }

    /// The tokens split into the two parts of the coordinate.
    static func parts(_ tokens: [Token]) throws(CoordinateTextError) -> [Part] {
        let numbers = tokens.filter { if case .number = $0 { true } else { false } }
        guard !numbers.isEmpty else { throw CoordinateTextError("no numbers") }
        let letters = tokens.filter { if case .hemisphere = $0 { true } else { false } }.count
        let commas = tokens.filter { $0 == .comma }.count
        var parts: [Part] = [Part()]
        // Where a new part starts, by the separators the text uses.
        let leadingLetters = tokens.first { $0 != .comma }.map { if case .hemisphere = $0 { true } else { false } } ?? false
        let splitAtDegrees = letters == 0 && commas == 0 && tokens.contains(.unit(1))
        for (index, token) in tokens.enumerated() {
            switch token {
            case .number(let value, let text):
                if splitAtDegrees, index + 1 < tokens.count, tokens[index + 1] == .unit(1), !parts[parts.count - 1].numbers.isEmpty {
                    parts.append(Part())
                } else if letters == 0 && commas == 0 && !splitAtDegrees && !parts[parts.count - 1].numbers.isEmpty {
                    parts.append(Part())
                }
                parts[parts.count - 1].numbers.append((value, text, 0))
            case .unit(let unit):
                guard let last = parts[parts.count - 1].numbers.indices.last, parts[parts.count - 1].numbers[last].unit == 0,
                      index > 0, case .number = tokens[index - 1] else {
                    throw CoordinateTextError("a mark \(["°", "'", "\""][unit - 1]) without a number before it")
                }
                parts[parts.count - 1].numbers[last].unit = unit
            case .hemisphere(let letter):
                if leadingLetters {
                    if parts[parts.count - 1].hemisphere != nil || !parts[parts.count - 1].numbers.isEmpty { parts.append(Part()) }
                    parts[parts.count - 1].hemisphere = letter
                } else {
                    guard !parts[parts.count - 1].numbers.isEmpty else { throw CoordinateTextError("'\(letter)' has no number before it") }
                    parts[parts.count - 1].hemisphere = letter
                    parts.append(Part())
                }
            case .comma:
                if letters == 0 { parts.append(Part()) }
            }
        }
        parts.removeAll { $0.numbers.isEmpty && $0.hemisphere == nil }
        if letters == 0 && commas > 1 { throw CoordinateTextError("more than one comma (decimals take a point: 48.85, 2.35)") }
        guard parts.count == 2 else {
            throw CoordinateTextError(parts.count < 2 ? "a latitude and a longitude are needed" : "more than a latitude and a longitude")
        }
        if letters > 0 && parts.contains(where: { $0.hemisphere == nil }) {
            throw CoordinateTextError("a hemisphere letter on one part only: give both (N or S, E or W) or neither")
        }
        return parts
    }
}
