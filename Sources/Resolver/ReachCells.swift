import Foundation

/// The 0.25° cells of the world that a point of a set reaches (an airport within its radius, a
/// metropolis within its urban reach), one bit each (128 KB): most photos are nowhere near an
/// airport, and most points far from every town are in no metropolis's reach; a clear bit
/// answers that without a search.
///
/// Marking is generous (each reach plus a margin, the longitude span taken at the latitude
/// farthest from the equator, whole rows near the poles), so a clear bit is always right; a
/// set bit only means "search".
///
/// ```swift
/// let cells = ReachCells(latitudes: lats, longitudes: lons, reachDegrees: lats.map { _ in 0.036 })
/// cells.mayReach(latitude: 34.43, longitude: 135.23)   // true near Kansai
/// ```
///
/// Immutable; safe to share between threads.
struct ReachCells: Sendable {
    private typealias Grid = QuarterDegreeGrid
    private let bits: [UInt64]

    /// Point i at `latitudes[i]`, `longitudes[i]` reaches `reachDegrees[i]` (angular) around it.
    init(latitudes: [Double], longitudes: [Double], reachDegrees: [Double]) {
        var bits = [UInt64](repeating: 0, count: Grid.cellCount / 64)
        for ((latitude, longitude), reachDegrees) in zip(zip(latitudes, longitudes), reachDegrees) {
            let reach = reachDegrees + 0.01
            let (r0, r1) = (Grid.row(latitude - reach), Grid.row(latitude + reach))
            let farthest = abs(latitude) + reach
            var (c0, c1) = (0, Grid.columns - 1)
            if farthest < 89 {
                // Unclamped: past ±180° the columns wrap around below.
                let span = reach / cos(farthest * .pi / 180) + 0.01
                (c0, c1) = (Int(((longitude - span + 180) * Grid.perDegree).rounded(.down)), Int(((longitude + span + 180) * Grid.perDegree).rounded(.down)))
            }
            for r in r0...r1 {
                for unwrapped in c0...c1 {
                    let cell = r * Grid.columns + (unwrapped % Grid.columns + Grid.columns) % Grid.columns
                    bits[cell >> 6] |= 1 << UInt64(cell & 63)
                }
            }
        }
        self.bits = bits
    }

    func mayReach(latitude: Double, longitude: Double) -> Bool {
        let cell = Grid.cell(latitude: latitude, longitude: longitude)
        return bits[cell >> 6] & (1 << UInt64(cell & 63)) != 0
    }
}
