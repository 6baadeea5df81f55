import Foundation

/// Great-circle distance on a sphere of the Earth's mean radius (haversine): good to 0.5%,
/// which is all a travel total needs.
public enum GreatCircle {
    public static let earthRadiusKm = 6_371.0088

    public static func km(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let (p1, p2) = (lat1 * .pi / 180, lat2 * .pi / 180)
        let dp = p2 - p1, dl = (lon2 - lon1) * .pi / 180
        // Each sine once: the compiler does not merge calls into libm (a trip's total makes
        // hundreds of thousands of these). The products keep their order, so the bits do not change.
        let (sp, sl) = (sin(dp / 2), sin(dl / 2))
        let a = sp * sp + cos(p1) * cos(p2) * sl * sl
        return 2 * earthRadiusKm * asin(min(1, sqrt(a)))
    }

    static func km(_ a: TrackDay.Point, _ b: TrackDay.Point) -> Double { km(a.latitude, a.longitude, b.latitude, b.longitude) }
}
