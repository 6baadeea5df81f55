/// OurAirports' size classes of the airports the gazetteer keeps.
public enum AirportSize: String, Sendable, CaseIterable, Codable {
    case large, medium, small

    /// How an airport ranks against populated places in search and lists.
    public var importance: Int {
        switch self {
        case .large: 10_000_000
        case .medium: 1_000_000
        case .small: 100_000
        }
    }
}
