import Foundation

/// A JSON value whose rendering is fully determined by its content: object keys keep the
/// order they were given, numbers print the same on every machine, no whitespace varies. Every
/// machine-readable output of TravelAtlas goes through it, so the same data gives the same bytes.
///
/// ```swift
/// let v: JSONValue = .object([("name", "Kyoto"), ("population", 1_459_640), ("capital", false)])
/// v.rendered()   // {"name":"Kyoto","population":1459640,"capital":false}
/// ```
///
/// A value type; `Sendable`.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// Printed with at most `digits` decimals, trailing zeros removed.
    case double(Double, digits: Int)
    /// A number printed as the given text, which must be a JSON number (RFC 8259): a number
    /// read from input and echoed, which a `Double` could round (`12345678901234567890`).
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

    /// A number with up to `digits` decimals, or `null` for nil and non-finite values.
    public static func number(_ value: Double?, digits: Int = 6) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double(value, digits: digits)
    }

    /// A string, or `null` for nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The compact, single-line rendering.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// A pretty rendering with two-space indentation, for documents people read too.
    public func prettyRendered() -> String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d, let digits): out += Self.format(d, digits: digits)
        case .numberText(let text): out += text
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent, level: level)
        case .object(let pairs):
            writeContainer(pairs.map { ($0.0, $0.1) }, open: "{", close: "}", to: &out, indent: indent, level: level)
        }
    }

    private func writeContainer(_ items: [(String?, JSONValue)], open: String, close: String, to out: inout String, indent: String?, level: Int) {
        out += open
        guard !items.isEmpty else { out += close; return }
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            if let key {
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(to: &out, indent: indent, level: level + 1)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    static func format(_ d: Double, digits: Int) -> String {
        guard d.isFinite else { return "null" }
        var text = String(format: "%.\(digits)f", d)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
