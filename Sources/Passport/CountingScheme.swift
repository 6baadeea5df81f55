import Gazetteer

/// Which entries count as countries for "N of M countries": `un` (UN members and observers, 195),
/// `iso` (every ISO 3166-1 entry in the gazetteer), `all` (every country-level entry). The lists
/// are the gazetteer's product decisions (`counting_schemes`), never code.
///
/// ```swift
/// let un = try CountingScheme.load(.un, from: gazetteer)
/// un.countries.count   // 195
/// ```
///
/// A value type; `Sendable`.
public struct CountingScheme: Sendable, Equatable {
    public enum Name: String, Sendable, CaseIterable {
        case un, iso, all
    }

    public let name: Name
    /// Country identifiers (`country:JP`) the scheme counts.
    public let countries: Set<String>

    public init(name: Name, countries: Set<String>) {
        (self.name, self.countries) = (name, countries)
    }

    public static func load(_ name: Name, from gazetteer: Gazetteer) throws -> CountingScheme {
        CountingScheme(name: name, countries: Set(try gazetteer.countries(inScheme: name.rawValue).map { "country:" + $0 }))
    }
}
