/// What lies under a coordinate: land, a country's waters or the high seas. The resolver
/// answers it (``PlaceChain``), the travel log keeps it with each photo (its `waters` column);
/// one type for both, as the hierarchy's kinds are one (``PlaceKind``).
///
/// ```swift
/// Waters(rawValue: "territorial")   // .territorial
/// ```
///
/// A value type; `Sendable`.
public enum Waters: String, Sendable, Equatable, CaseIterable {
    /// Inside a country polygon, or within the coastline tolerance of one.
    case land
    /// At sea in a country's waters: inside the territorial sea of one of its land time zones,
    /// or, where no zone reaches, within 12 nautical miles of its coast.
    case territorial
    /// At sea, no country's.
    case international
}
