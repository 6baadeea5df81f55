import Boundaries
import Foundation
import Gazetteer
import SQLite
import TableCache

/// The second level of regions (``PlaceKind/subregion``) as the resolver answers it: the
/// polygon that holds the point where the gazetteer has polygons for the country (US counties,
/// French départements…), elsewhere the unit of the city the point resolved to.
///
/// ```swift
/// let units = try Subregions(gazetteer: gazetteer, cityCount: tables.cities.count, countries: tables.countries.map(\.iso2))
/// let us = tables.countryIndex["US"]!
/// let row = units.locate(losAngeles, country: us, city: nil, polygons: units.loadedPolygons(), hasPolygons: units.hasPolygons(us))!.row
/// units.links.name(Int(row))   // "Los Angeles County"
/// ```
///
/// Read by the resolver on the first point that asks (``FirstFree``), and the polygons on the
/// first point in a country that has them: a resolver that never meets one never pays for them.
/// Immutable; safe to share between threads.
struct Subregions: Sendable {
    /// How a subregion was found: the word `atlas resolve` writes as its `basis`.
    enum Basis: String, Sendable {
        /// Inside its polygon.
        case polygon
        /// The unit of the city the point resolved to (no polygons for the country).
        case city
    }

    /// Every subregion by its position among the subregions ordered by identifier.
    let links: LinkTable
    /// The polygons, each one's subregion position and its country's index.
    private let polygons: FirstFree<Polygons>?
    /// Whether a country's subregions are polygons, by the resolver's country index: a number
    /// to look up at every point, where the code was hashed.
    private let polygonCountries: [Bool]
    /// Each city's (and district's) subregion position, by city position; 0xFFFF for none.
    private let ofCity: [UInt16]

    /// `countries` are the resolver's countries' ISO alpha-2 codes, by index; `cache` keeps the
    /// polygons' grid for the next process (``TableCache``).
    init(gazetteer: Gazetteer, cityCount: Int, countries codes: [String], cache: TableCache? = nil) throws {
        let read = try TableCache.table("subregions", in: cache, decode: { try Self.unarchive(&$0, cityCount: cityCount) },
                                        derive: { try Self.read(from: gazetteer, cityCount: cityCount) }) { read, archive in
            read.links.archivePlaces(into: &archive)
            archive.append(read.ofCity)
            archive.append(strings: read.polygonCountries.sorted())
        }
        (links, ofCity) = (read.links, read.ofCity)
        polygonCountries = codes.map(read.polygonCountries.contains)
        let countryIndex = Dictionary(codes.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { a, _ in a })
        let ids: [PlaceID] = if case .places(let ids, _, _) = read.links.rows { ids } else { [] }
        polygons = FirstFree { [ids] in
            let index = try BoundaryIndex.load(from: gazetteer, table: "subregion_boundaries", cache: cache)
            let position = Dictionary(ids.enumerated().map { ($1.code, Int32($0)) }, uniquingKeysWith: { a, _ in a })
            return (index, index.shapes.map { position[$0.id.code] ?? -1 }, index.shapes.map { countryIndex[$0.country] ?? -1 })
        }
    }

    /// The subregions as a table of links, each city's subregion, and the countries whose
    /// subregions are polygons: what ``init(gazetteer:cityCount:countries:cache:)`` reads.
    private typealias Tables = (links: LinkTable, ofCity: [UInt16], polygonCountries: Set<String>)

    private static func read(from gazetteer: Gazetteer, cityCount: Int) throws -> Tables {
        var ids: [PlaceID] = [], names: [String] = [], types: [String?] = []
        var records: [UInt8] = [], countries: Set<String> = []
        try gazetteer.withOwnConnection { db in
            let s = try db.prepare("SELECT id, name, local_type FROM subregions ORDER BY id")
            while try s.step() {
                ids.append(PlaceID(.subregion, s.string(0) ?? ""))
                names.append(s.string(1) ?? "")
                types.append(s.string(2))
            }
            let r = try db.prepare("SELECT data FROM city_subregions WHERE part = 'records'")
            if try r.step() { records = r.withBlob(0) { Array($0) } }
            r.reset()
            let c = try db.prepare("SELECT DISTINCT country FROM subregion_boundaries")
            while try c.step() { countries.insert(c.string(0) ?? "") }
        }
        guard records.count == 2 * cityCount else {
            throw GazetteerError(path: gazetteer.path, reason: "city_subregions has \(records.count / 2) records for \(cityCount) cities")
        }
        let ofCity = stride(from: 0, to: records.count, by: 2).map { UInt16(records[$0]) | UInt16(records[$0 + 1]) << 8 }
        guard ofCity.allSatisfy({ $0 == 0xFFFF || Int($0) < ids.count }) else {
            throw GazetteerError(path: gazetteer.path, reason: "city_subregions names a missing subregion")
        }
        // The local word for the level (County, Metropolitan department) is the link's code.
        return (LinkTable(.places(ids: ids, names: names, codes: types)), ofCity, countries)
    }

    private static func unarchive(_ archive: inout ArchiveReader, cityCount: Int) throws -> Tables {
        let links = try LinkTable(unarchivingPlaces: &archive)
        let ofCity = try archive.array(of: UInt16.self), countries = try archive.strings(), count = links.count
        guard ofCity.count == cityCount, ofCity.allSatisfy({ $0 == 0xFFFF || Int($0) < count }) else {
            throw ArchiveError(offset: 0, reason: "subregions: a city's subregion out of range")
        }
        return (links, ofCity, Set(countries))
    }

    /// The polygons, each polygon's subregion position and its country's index (-1 for a
    /// country the resolver does not know), read on first use.
    typealias Polygons = (index: BoundaryIndex, unit: [Int32], country: [Int32])

    /// Whether the subregions of country `country` (the resolver's index) are polygons.
    func hasPolygons(_ country: Int) -> Bool { country >= 0 && country < polygonCountries.count && polygonCountries[country] }

    /// The polygons, read on the first call.
    func loadedPolygons() -> Polygons? { try? polygons?.value() }

    /// The subregion of a point in country `country` (the resolver's index) whose city, if any, is at position
    /// `city`, as a row of ``links``: its polygon's where the country has polygons (none when the
    /// point lies in none, say in a lake the units do not cover), else the city's unit. The
    /// polygons and whether the country has them come from the caller, who asks for them once
    /// (``FirstUseTables``), not once a point.
    func locate(_ coordinate: GeoCoordinate, country: Int, city: Int?, polygons: Polygons?, hasPolygons: Bool) -> (row: Int32, basis: Basis)? {
        if hasPolygons {
            guard let polygons else { return nil }
            var found: Int32 = -1
            polygons.index.forEachShape(containing: coordinate) { s in
                if found < 0, polygons.country[s] == country { found = polygons.unit[s] }
            }
            return found < 0 ? nil : (found, .polygon)
        }
        guard let city, city < ofCity.count, ofCity[city] != 0xFFFF else { return nil }
        return (Int32(ofCity[city]), .city)
    }
}
