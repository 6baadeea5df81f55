import Foundation

/// A position on the WGS 84 ellipsoid in decimal degrees, treated as a sphere for distances.
///
/// ```swift
/// let kyoto = GeoCoordinate(latitude: 35.0116, longitude: 135.7681)
/// kyoto.distanceKm(to: GeoCoordinate(latitude: 34.6937, longitude: 135.5023))   // ≈ 42.9
/// ```
public struct GeoCoordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    /// Mean Earth radius (IUGG), the radius every distance in TravelAtlas uses.
    public static let earthRadiusKm = 6371.0088

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Why a coordinate cannot be resolved, or nil when it can.
    public var invalidReason: String? {
        if latitude.isNaN || longitude.isNaN { return "coordinate is not a number" }
        if !(-90...90).contains(latitude) { return "latitude \(latitude) is outside [-90, 90]" }
        if !(-180...180).contains(longitude) { return "longitude \(longitude) is outside [-180, 180]" }
        return nil
    }

    /// Great-circle (haversine) distance in kilometres.
    public func distanceKm(to other: GeoCoordinate) -> Double {
        Self.haversineKm(latitude, longitude, other.latitude, other.longitude)
    }

    /// Haversine on raw degrees, for hot loops that hold coordinates in arrays.
    @inline(__always)
    public static func haversineKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let toRadians = Double.pi / 180
        let dLat = (lat2 - lat1) * toRadians, dLon = (lon2 - lon1) * toRadians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * toRadians) * cos(lat2 * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, a.squareRoot()))
    }

    public var description: String { String(format: "%.5f,%.5f", latitude, longitude) }
}
