/// The world in 0.25° cells, row by row from the south pole and column by column from the
/// antimeridian: the cities' latitude strips are its rows, the airport reach mask has a bit per
/// cell, and a batch of coordinates is resolved in its cell order. (The polygon grid of
/// `Boundaries` has cells of the same size in its own integer units.)
///
/// ```swift
/// QuarterDegreeGrid.cell(latitude: 48.85, longitude: 2.35)   // 555 * 1440 + 729
/// ```
enum QuarterDegreeGrid {
    static let rows = 720, columns = 1440
    static var cellCount: Int { rows * columns }

    /// Rows and columns per degree.
    static let perDegree = 4.0

    /// The row of a latitude, clamped to the grid (so both poles have one).
    @inline(__always) static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) * perDegree).rounded(.down))))
    }

    /// The column of a longitude, clamped to the grid (so 180° is in the last column).
    @inline(__always) static func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int(((longitude + 180) * perDegree).rounded(.down))))
    }

    @inline(__always) static func cell(latitude: Double, longitude: Double) -> Int {
        row(latitude) * columns + column(longitude)
    }
}
