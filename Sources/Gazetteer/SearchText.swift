import Foundation

/// What a person typed in the search box, folded into the tokens the FTS5 index holds and turned
/// into MATCH expressions that cannot fail: every token is a quoted string of letters, digits and
/// marks, so quotes, `*`, `^`, `:`, parentheses, `-` and control characters never reach FTS5
/// syntax.
///
/// ```swift
/// let text = SearchText("  São  PAULO!! ")
/// text.tokens                 // ["sao", "paulo"]
/// text.allPrefixes            // "\"sao\"* \"paulo\"*"
/// SearchText("\"((*").tokens  // []
/// ```
///
/// A value type; `Sendable`.
public struct SearchText: Sendable, Hashable {
    /// Longest input considered: a search box never needs more, and folding 10,000 characters
    /// would cost more than the search itself.
    public static let maximumCharacters = 256
    /// At most this many tokens take part; more would only make FTS5 work harder.
    public static let maximumTokens = 8
    /// FTS5 operators. Dropped when typed in capitals (the only way FTS5 reads them as
    /// operators), unless nothing else is left: "OR" alone may still mean Oregon.
    static let operatorWords: Set<String> = ["AND", "OR", "NOT", "NEAR"]

    /// Lowercased, diacritics removed, one entry per word; empty when nothing searchable is left.
    public let tokens: [String]

    public init(_ raw: String) {
        let words = Self.words(in: String(raw.prefix(Self.maximumCharacters)))
        let kept = words.filter { !Self.operatorWords.contains($0) }
        tokens = (kept.isEmpty ? words : kept).prefix(Self.maximumTokens).map { Self.fold($0) }.filter { !$0.isEmpty }
    }

    /// Tokens already folded (another spelling of a query).
    init(tokens: [String]) { self.tokens = tokens }

    /// The tokens joined by single spaces: the query as the index sees it.
    public var folded: String { tokens.joined(separator: " ") }

    /// Every token as a prefix, in any order and any column: `"sao"* "paulo"*`.
    public var allPrefixes: String { tokens.map { Self.quoted($0) + "*" }.joined(separator: " ") }

    /// Like ``allPrefixes``, but a word of one or two letters before the last, and a last word
    /// of one letter after others, is taken whole ("di" in "provincia di bergamo", "st" in "st
    /// louis", the "s" of "saint john's"): a short word as a prefix would make FTS5 merge the
    /// lists of hundreds of words for little gain.
    public var wordPrefixes: String {
        tokens.enumerated().map { i, token in
            let isLast = i == tokens.count - 1
            let whole = isLast ? tokens.count > 1 && token.count == 1 : token.count <= 2
            return Self.quoted(token) + (whole ? "" : "*")
        }.joined(separator: " ")
    }

    /// The tokens as one phrase, the last one a prefix when `prefix`: `"sao paulo"*`.
    public func phrase(prefix: Bool) -> String { Self.quoted(folded) + (prefix ? "*" : "") }

    /// The tokens as one whole alternate name: `"| sao paulo |"`. The index's `alt` column holds
    /// its names between `|` separators, which its tokenizer keeps as tokens of their own, so this
    /// phrase matches "São Paulo" but not "São Paulo de Olivença".
    public var wholeAlternateName: String { Self.quoted(Self.alternateSeparator + " " + folded + " " + Self.alternateSeparator) }

    /// Separates the names in the index's `alt` column (`Tools/gazetteer`'s `ALT_SEPARATOR`).
    static let alternateSeparator = "|"

    // MARK: - Folding

    /// Lowercased, compatibility-decomposed, Latin/Greek/Cyrillic combining marks removed, then
    /// recomposed: "Zürich" → "zurich", "Ｔｏｋｙｏ" → "tokyo", while kana keep their voicing marks
    /// ("ぎふ" stays "ぎふ"), as the index's `remove_diacritics 2` tokenizer leaves them too.
    public static func fold(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCompatibilityMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isStrippedMark(scalar) { scalars.append(scalar) }
        return String(scalars).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The diacritic blocks the Latin, Greek and Cyrillic scripts use.
    private static func isStrippedMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return false
        }
    }

    /// Runs of letters, digits and marks of any script; everything else separates words, as in
    /// the index's `unicode61` tokenizer.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// A token as an FTS5 string. Tokens hold no quotes, but doubling them keeps this safe on its own.
    static func quoted(_ token: String) -> String {
        "\"" + token.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
