import Gazetteer
import SQLite

extension PlaceKind {
    /// The two columns that hold a link of this kind in the log's place tables (`photos`,
    /// `overrides`, `place_days`, `history_days`): `city_id`, `city_name`.
    var linkColumns: [String] { ["\(rawValue)_id", "\(rawValue)_name"] }

    /// The link columns of every kind, from the continent down, each with `prefix`
    /// (`p.continent_id, p.continent_name, p.country_id, …`): a lineage as the tables hold it,
    /// so that a statement reading or writing one names no level.
    static func lineageColumns(prefix: String = "") -> String {
        allCases.flatMap(\.linkColumns).map { prefix + $0 }.joined(separator: ", ")
    }

    /// How many columns ``lineageColumns(prefix:)`` lists.
    static var lineageColumnCount: Int32 { Int32(2 * allCases.count) }

    /// The `photos` table's columns of this kind: the link's, then its code and its distance
    /// from the photo where the snapshot keeps them (``PlaceSnapshot/Link/keepsCode(_:)``).
    var photoColumns: [String] { linkColumns + [photoCodeColumn, photoDistanceColumn].compactMap { $0 } }

    /// The `photos` column of the code of this kind's place (`country_code`), if kept.
    var photoCodeColumn: String? { PlaceSnapshot.Link.keepsCode(self) ? "\(rawValue)_code" : nil }

    /// The `photos` column of the distance from the photo to this kind's place (`city_km`), if kept.
    var photoDistanceColumn: String? { PlaceSnapshot.Link.keepsDistance(self) ? "\(rawValue)_km" : nil }
}

extension Array where Element == SQLValue? {
    /// The values of a lineage's link columns (``PlaceKind/lineageColumns(prefix:)``).
    static func lineage(_ lineage: PlaceLineage<PlaceLink>) -> [SQLValue?] {
        PlaceKind.levels.flatMap { kind -> [SQLValue?] in [lineage[kind]?.id, lineage[kind]?.name] }
    }
}
