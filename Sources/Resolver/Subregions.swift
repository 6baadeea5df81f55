import Boundaries
import Foundation
import Gazetteer
import SQLite

/// The second level of regions (``PlaceKind/subregion``) as the resolver answers it: the
/// polygon that holds the point where the gazetteer has polygons for the country (US counties,
/// French départements…), elsewhere the unit of the city the point resolved to.
///
/// ```swift
/// let units = try Subregions(gazetteer: gazetteer, cityCount: tables.cities.count)
/// units.locate(losAngeles, country: "US", city: nil)?.link.name   // "Los Angeles County"
/// ```
///
/// Read by the resolver on the first point that asks (``FirstFree``): a log of one country
/// never pays for the others' polygons at load. Immutable; safe to share between threads.
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
    private let count: Int
    /// The polygons, and each polygon's subregion position.
    private let boundaries: BoundaryIndex?
    private let shapeUnit: [Int32]
    /// The countries (ISO alpha-2) whose subregions are polygons.
    private let polygonCountries: Set<String>
    /// Each city's (and district's) subregion position, by city position; 0xFFFF for none.
    private let ofCity: [UInt16]

    /// An empty level, for a gazetteer older than the subregions (schema 6).
    init() {
        (links, count, boundaries, shapeUnit, polygonCountries, ofCity) = (LinkTable(.places(ids: [], names: [], codes: [])), 0, nil, [], [], [])
    }

    init(gazetteer: Gazetteer, cityCount: Int) throws {
        var ids: [PlaceID] = [], names: [String] = [], types: [String?] = []
        var records: [UInt8] = []
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
        }
        guard records.count == 2 * cityCount else {
            throw GazetteerError(path: gazetteer.path, reason: "city_subregions has \(records.count / 2) records for \(cityCount) cities")
        }
        ofCity = stride(from: 0, to: records.count, by: 2).map { UInt16(records[$0]) | UInt16(records[$0 + 1]) << 8 }
        guard ofCity.allSatisfy({ $0 == 0xFFFF || Int($0) < ids.count }) else {
            throw GazetteerError(path: gazetteer.path, reason: "city_subregions names a missing subregion")
        }
        count = ids.count
        // The local word for the level (County, Metropolitan department) is the link's code.
        links = LinkTable(.places(ids: ids, names: names, codes: types))
        let index = try BoundaryIndex.load(from: gazetteer, table: "subregion_boundaries")
        let position = Dictionary(ids.enumerated().map { ($1.code, Int32($0)) }, uniquingKeysWith: { a, _ in a })
        shapeUnit = index.shapes.map { position[$0.id.code] ?? -1 }
        polygonCountries = Set(index.shapes.map(\.country))
        boundaries = index
    }

    /// The subregion of a point in `country` (ISO alpha-2) whose city, if any, is at position
    /// `city`: its polygon's where the country has polygons (none when the point lies in none,
    /// say in a lake the units do not cover), else the city's unit.
    func locate(_ coordinate: GeoCoordinate, country: String, city: Int?) -> (link: PlaceChain.Link, basis: Basis)? {
        if polygonCountries.contains(country), let boundaries {
            var found: Int32 = -1
            boundaries.forEachShape(containing: coordinate) { s in
                if found < 0, boundaries.shapes[s].country == country { found = shapeUnit[s] }
            }
            return found < 0 ? nil : (PlaceChain.Link(table: links, row: found), .polygon)
        }
        guard let city, city < ofCity.count, ofCity[city] != 0xFFFF else { return nil }
        return (PlaceChain.Link(table: links, row: Int32(ofCity[city])), .city)
    }
}
