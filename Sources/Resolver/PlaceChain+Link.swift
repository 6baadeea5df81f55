import Gazetteer

extension PlaceChain {
    /// A place in the chain: its identifier, its name, and one code worth showing with it.
    ///
    /// A reference to a row of a ``LinkTable`` the resolver built once: copying a link costs one
    /// reference count, and the strings are made only when read (a resolution makes none).
    ///
    /// ```swift
    /// let link = PlaceChain.Link(id: PlaceID(.country, "FR"), name: "France", code: "FRA")
    /// link.name   // "France"
    /// ```
    ///
    /// Immutable; safe to share between threads.
    public struct Link: Sendable, Equatable {
        let table: LinkTable
        let row: Int32
        /// Distance from the coordinate (cities and airports).
        public let distanceKm: Double?

        public var id: PlaceID { table.id(Int(row)) }
        public var name: String { table.name(Int(row)) }
        /// ISO alpha-3 for a country, ISO 3166-2 for a region, ICAO for an airport.
        public var code: String? { table.code(Int(row)) }

        public init(id: PlaceID, name: String, code: String? = nil, distanceKm: Double? = nil) {
            self.init(table: LinkTable(.single(id: id, name: name, code: code)), row: 0, distanceKm: distanceKm)
        }

        init(table: LinkTable, row: Int32, distanceKm: Double? = nil) {
            self.table = table
            self.row = row
            self.distanceKm = distanceKm
        }

        /// Equal when every field reads the same, whichever tables they come from.
        public static func == (a: Link, b: Link) -> Bool {
            a.distanceKm == b.distanceKm && a.id == b.id && a.name == b.name && a.code == b.code
        }
    }
}
