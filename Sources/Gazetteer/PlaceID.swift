/// A stable place identifier: a kind and a code that never depends on a row number
/// (`continent:EU`, `country:JP`, `region:JP.22`, `city:1857910`, `airport:KIX`).
///
/// ```swift
/// let id = PlaceID("region:JP.22")!
/// id.kind   // .region
/// id.code   // "JP.22"
/// ```
public struct PlaceID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    public let kind: PlaceKind
    public let code: String

    public init(_ kind: PlaceKind, _ code: String) {
        self.kind = kind
        self.code = code
    }

    /// Parses `kind:code`; nil for anything else.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let kind = PlaceKind(rawValue: String(text[..<colon])) else { return nil }
        let code = String(text[text.index(after: colon)...])
        guard !code.isEmpty else { return nil }
        self.init(kind, code)
    }

    public var description: String { "\(kind.rawValue):\(code)" }

    public static func < (a: PlaceID, b: PlaceID) -> Bool {
        a.kind != b.kind ? a.kind < b.kind : a.code < b.code
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = PlaceID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a place identifier: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
