import Foundation
import Gazetteer
import JSONWriter

extension Place {
    /// The JSON shape documented in docs/gazetteer.md ("Searching and browsing places").
    func json(extra: [(String, JSONValue)] = []) -> JSONValue {
        let codePairs: [(String, String?)] = [("iso2", codes.iso2), ("iso3", codes.iso3), ("iso3166_2", codes.iso3166_2),
                                              ("iata", codes.iata), ("icao", codes.icao), ("geonames", codes.geonameID.map(String.init))]
        return .object([
            ("id", .string(id.description)),
            ("kind", .string(kind.rawValue)),
            ("name", .string(name)),
            ("native_name", .optional(nativeName)),
            ("folded", .string(foldedName)),
            ("lineage", .array(lineage.map { .object([("id", .string($0.id.description)), ("name", .string($0.name))]) })),
            ("lat", .number(coordinate?.latitude, digits: 5)),
            ("lon", .number(coordinate?.longitude, digits: 5)),
            ("population", .int(population)),
            ("codes", .object(codePairs.compactMap { key, value in value.map { (key, .string($0)) } })),
            ("time_zone", .optional(timeZone)),
            ("detail", .optional(detail)),
        ] + extra)
    }

    /// "Asia > Japan > Kyoto" (the lineage only).
    var lineageText: String { lineage.map(\.name).joined(separator: " > ") }

    /// "Milan, Lombardy, Italy": the name and the places above it up to the country.
    var label: String { ([name] + lineage.reversed().filter { $0.id.kind != .continent }.map(\.name)).joined(separator: ", ") }
}
