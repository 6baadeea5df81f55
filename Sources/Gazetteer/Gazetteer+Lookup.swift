import Foundation
import SQLite

extension Gazetteer {
    /// The place with this identifier, or nil.
    public func place(_ id: PlaceID) throws -> Place? {
        try withDatabase { db in try PlaceRows.place(id, in: db) }
    }

    /// The place a person means by a bare code or identifier: `country:JP`, `JP`, `JPN`,
    /// `US-MT`, `US.MT`, `KIX`, `RJBB`, or a GeoNames id.
    public func lookup(_ text: String) throws -> Place? {
        let code = text.trimmingCharacters(in: .whitespaces)
        if let id = PlaceID(code) { return try place(id) }
        let upper = code.uppercased()
        return try withDatabase { db -> Place? in
            for id in try PlaceRows.candidates(forCode: upper, in: db) {
                if let place = try PlaceRows.place(id, in: db) { return place }
            }
            return nil
        }
    }

    /// The airport of an IATA (`FRA`) or ICAO (`EDDF`) code, or nil: never a country of the
    /// same letters (`FRA` is also France's ISO alpha-3).
    ///
    /// ```swift
    /// try gazetteer.airport(code: "EDDF")?.name   // "Frankfurt am Main Airport"
    /// ```
    public func airport(code: String) throws -> Place? {
        let upper = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard (3...4).contains(upper.count), upper.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else { return nil }
        return try withDatabase { db -> Place? in
            for id in try PlaceRows.candidates(forCode: upper, in: db) where id.kind == .airport {
                if let place = try PlaceRows.place(id, in: db) { return place }
            }
            return nil
        }
    }
}
