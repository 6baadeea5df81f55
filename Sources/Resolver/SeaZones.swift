import Boundaries
import Gazetteer
import Heap
import TableCache

/// The land time zones whole, territorial sea included (the gazetteer's `time_zones`): whose
/// waters a point off every polygon lies in, and in which zone, where the zones know better
/// than 12 nautical miles around the polygons: around islets the polygons lack, along the sea
/// borders between neighbours, and along coasts Natural Earth draws a few kilometres off.
///
/// A zone may cover land of more than one country (Asia/Bangkok: Thailand and northern
/// Vietnam); ``zone(at:)`` then lists them all, its own country first.
///
/// ```swift
/// let sea = try SeaZones(gazetteer: gazetteer, tables: tables, pieces: pieces)
/// let zone = sea.zone(at: GeoCoordinate(latitude: 37.4903, longitude: -25.0782))!
/// sea.names.string(zone.name)   // "Atlantic/Azores", off São Miguel
/// ```
///
/// Immutable after loading: safe to share between threads.
struct SeaZones: Sendable {
    /// A land zone (its name's position in ``names``) and the countries (table indices) whose
    /// land it covers, its own first.
    typealias Zone = (name: Int32, countries: [Int])

    private let zones: ZonePieces
    /// The zones smallest first (where they overlap, the smaller answers), filed by cell.
    private let order: ZonePieces.Cells
    /// The zones' names, each once.
    let names: TextTable
    /// Each piece's name in ``names`` and the countries whose land its zone covers (the zone's
    /// own country, then those with a region, a region-less outline or a piece in the zone),
    /// by piece; no countries for a zone of a country the gazetteer lacks.
    private let pieceZones: [Zone?]

    /// `cache` keeps the zones' bands for the next process (``TableCache``).
    init(gazetteer: Gazetteer, tables: PlaceTables, pieces: ZonePieces, cache: TableCache? = nil) throws {
        // Loaded in the middle of work, like the resolver at its start: what decoding freed
        // goes back to the system at the end.
        LoadingHeap.keepFreedMemory()
        defer { LoadingHeap.returnFreedMemory() }
        zones = try ZonePieces.loadZones(from: gazetteer, cache: cache)
        order = ZonePieces.Cells(zones, order: zones.smallestFirst)
        var others: [String: Set<Int>] = [:]
        for region in tables.regions where region.country >= 0 {
            if let zone = region.timeZone { others[zone, default: []].insert(Int(region.country)) }
        }
        for (k, country) in tables.countries.enumerated() {
            if let zone = country.timeZone { others[zone, default: []].insert(k) }
        }
        for (zone, owner) in pieces.assignments {
            guard let id = PlaceID(owner) else { continue }
            let country = id.kind == .region ? tables.regionIndex[id.code].map { Int(tables.regions[$0].country) } : tables.countryIndex[id.code]
            if let country, country >= 0 { others[zone, default: []].insert(country) }
        }
        var countries: [String: [Int]] = [:]
        for (zone, owner) in zones.assignments {
            guard let own = tables.countryIndex[owner] else { continue }
            countries[zone] = [own] + others[zone, default: []].subtracting([own]).sorted()
        }
        let names = TextTable(zones.assignments.map(\.zone))
        pieceZones = zones.assignments.map { piece in
            countries[piece.zone].map { (names.position(of: piece.zone) ?? 0, $0) }
        }
        self.names = names
    }

    /// The smallest zone containing the point (then by name), with the countries whose land it
    /// covers, or nil outside every land zone (and in a zone of a country the gazetteer lacks).
    func zone(at coordinate: GeoCoordinate) -> Zone? {
        guard let found = zones.pieceIndex(at: coordinate, among: order), found < pieceZones.count else { return nil }
        return pieceZones[found]
    }
}
