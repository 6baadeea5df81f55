import Foundation

/// The Equal Earth projection (Šavrič, Patterson & Jenny, 2018): an equal-area
/// pseudocylindrical world map whose parallels are straight and whose meridians curve gently,
/// so country sizes compare truly and the shapes stay familiar. On the unit sphere, from the
/// paper's polynomial:
///
///     θ = asin(√3/2 · sin φ)
///     x = 2√3 · λ · cos θ / (3 · (9A₄θ⁸ + 7A₃θ⁶ + 3A₂θ² + A₁))
///     y = A₄θ⁹ + A₃θ⁷ + A₂θ³ + A₁θ
///
/// ```swift
/// let p = EqualEarth.project(longitude: 139.69, latitude: 35.69)   // Tokyo
/// p.x   // 2.06…, p.y   // 0.64… (y grows northwards)
/// ```
///
/// Stateless; safe to use from any thread.
public enum EqualEarth {
    static let (a1, a2, a3, a4) = (1.340264, -0.081106, 0.000893, 0.003796)
    static let m = 3.0.squareRoot() / 2

    /// Unit-sphere coordinates of a longitude and latitude in degrees (longitudes outside
    /// ±180° are taken as they come: callers wrap them where a ring crosses the antimeridian).
    public static func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let lambda = longitude * .pi / 180
        let phi = min(90, max(-90, latitude)) * .pi / 180
        let theta = asin(m * sin(phi))
        let t2 = theta * theta, t6 = t2 * t2 * t2
        let x = 2 * 3.0.squareRoot() * lambda * cos(theta) / (3 * (9 * a4 * t6 * t2 + 7 * a3 * t6 + 3 * a2 * t2 + a1))
        let y = theta * (a1 + a2 * t2 + t6 * (a3 + a4 * t2))
        return (x, y)
    }

    /// Half the width and half the height of the whole map on the unit sphere.
    public static let halfWidth = project(longitude: 180, latitude: 0).x
    public static let halfHeight = project(longitude: 0, latitude: 90).y
}
