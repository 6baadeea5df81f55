/// A JSON value whose rendering is fully determined by its content: object keys keep the
/// order they were given, numbers print the same on every machine, no whitespace varies. Every
/// machine-readable output of TravelAtlas goes through it, so the same data gives the same bytes.
///
/// ```swift
/// let v: JSONValue = .object([("name", "Kyoto"), ("population", 1_459_640), ("capital", false)])
/// v.rendered()   // {"name":"Kyoto","population":1459640,"capital":false}
/// ```
///
/// Rendering appends UTF-8 bytes to a byte buffer (``render(into:pretty:)``), without
/// Foundation: a caller writing many documents (`atlas resolve --batch`) reuses one buffer
/// instead of building a `String` per document.
///
/// Not `indirect`: arrays and objects hold their members in arrays, which are already out of
/// line, and an indirect enum put every value, each string and number, in a box of its own
/// (a `trip --json` of 5,000 days made 100,000 of them).
///
/// A value type; `Sendable`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// Printed with at most `digits` decimals, trailing zeros removed: the exact binary value
    /// rounded half-to-even at `digits` decimals (as C's `printf("%.*f")` prints it), `-0`
    /// printed `0`. A negative `digits` counts as 0.
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        render(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A pretty rendering with two-space indentation, for documents people read too.
    public func prettyRendered() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        render(into: &bytes, pretty: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``rendered()`` (or ``prettyRendered()`` when `pretty`) to
    /// `buffer`, leaving what it held before in place: the same bytes, without a `String`.
    /// `level` is the depth of the value in a pretty document being written piece by piece: its
    /// lines are indented as they would be there.
    public func render(into buffer: inout [UInt8], pretty: Bool = false, level: Int = 0) {
        var stream = JSONStream(pretty: pretty, level: level)
        swap(&stream.bytes, &buffer)
        stream.value(self)
        swap(&stream.bytes, &buffer)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
