import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas place ID`: one place's record, lineage and how much lies below it.
enum PlaceCommand: Command {
    static let declaration = CommandDeclaration(
        name: "place", summary: "Show one place: codes, lineage and counts of what lies below it", forms: ["PLACE"],
        about: """
            PLACE is an identifier (country:JP, region:JP.22, city:1857910, airport:KIX,
            continent:EU), a bare code (JP, JPN, US-MT, KIX, RJBB, EU, a GeoNames id) or a name
            ("new york", Kyoto): the best match, shown on stderr; several that fit as well are
            listed to choose from.
            """,
        options: [SharedOptions.json("One JSON object: the place, with \"children\" counts by kind.").declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done, 1 usage error, unknown or ambiguous place, 2 gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one PLACE (quote a name of several words)") }
        let place = try PlaceArgument.resolve(words[0], in: gazetteer)
        let counts = try gazetteer.childCounts(of: place.id)
        if json {
            let children: JSONValue = .object(counts.map { ($0.kind.rawValue, .int($0.count)) })
            Console.out(json: place.json(extra: [("children", children)]))
            return .success
        }
        var rows: [[String]] = [["name", place.name]]
        if let native = place.nativeName { rows.append(["native name", native]) }
        rows += [["id", place.id.description], ["kind", place.kind.rawValue]]
        for ancestor in place.lineage { rows.append([ancestor.id.kind.rawValue, "\(ancestor.name)  \(ancestor.id)"]) }
        let codes = [("ISO 3166-1", [place.codes.iso2, place.codes.iso3].compactMap { $0 }.joined(separator: " ")),
                     ("ISO 3166-2", place.codes.iso3166_2 ?? ""), ("IATA", place.codes.iata ?? ""), ("ICAO", place.codes.icao ?? ""),
                     ("GeoNames", place.codes.geonameID.map(String.init) ?? "")]
        for (label, value) in codes where !value.isEmpty { rows.append([label, value]) }
        if let c = place.coordinate { rows.append(["coordinate", String(format: "%.5f, %.5f", c.latitude, c.longitude)]) }
        // An airport's "population" is the search's weight for its size: the size says it.
        if place.population > 0 && place.kind != .airport { rows.append(["population", place.population.formatted()]) }
        if let zone = place.timeZone { rows.append(["time zone", zone]) }
        if let detail = place.detail { rows.append([place.kind == .airport ? "size" : place.kind == .subregion ? "type" : "boundary", detail]) }
        if !counts.isEmpty {
            rows.append(["below", counts.map { counted($0.count, $0.kind.rawValue, $0.kind.pluralName) }.joined(separator: ", ")])
        }
        Console.out(alignedRows(rows))
        return .success
    }
}
