import Boundaries
import Foundation
import Gazetteer
import Heap
import TableCache

/// Coordinate → place chain, offline: polygon containment decides the country and region, the
/// nearest place is searched only inside them (a district answers with its city and itself),
/// an airport is added within a size-based radius, and points off every polygon are placed in
/// territorial or international waters.
///
/// Pure and deterministic: the same coordinate and gazetteer always give the same chain.
///
/// ```swift
/// let resolver = try Resolver(gazetteer: Gazetteer.open())
/// let chain = try resolver.resolve(GeoCoordinate(latitude: 34.4320, longitude: 135.2304))
/// chain.airport?.id   // airport:KIX
/// let rome = try resolver.resolve(GeoCoordinate(latitude: 41.8902, longitude: 12.4922))
/// rome.city?.name      // "Rome"
/// rome.district?.name  // "Campitelli"
/// ```
///
/// Immutable after loading: one resolver serves every thread.
public final class Resolver: Sendable {
    /// How far from an airport's reference point a photo still counts as taken at the airport.
    public static let airportRadiusKm: [AirportSize: Double] = [.large: 4, .medium: 2.5, .small: 1.5]
    static let airportReach = PointIndex.Radius(degrees: (airportRadiusKm.values.max() ?? 0) / PointIndex.kmPerDegree)
    /// 12 nautical miles.
    public static let territorialWatersKm = 22.224
    /// How far from a point in the waters of a zone that covers land of several countries
    /// their outlines are searched for the nearest, which the waters then belong to.
    static let sharedZoneSearchKm = 200.0
    /// Borders nearer than this are reported in ``PlaceChain/borderKm``.
    public static let borderReportKm = 5.0
    /// A point farther than this from every place of its region is answered with a metropolis
    /// whose urban reach covers it, when there is one: a gap in GeoNames' coverage of a big
    /// city (south Mumbai has no entry) must not hand the point to a village across the water.
    public static let metropolisGapKm = 3.0
    /// A point farther than this from every place of its region (and reached by no metropolis)
    /// has no city: Askja, in Iceland's empty highlands, is not in Laugar, 82 km away, and a
    /// hike there must not count Laugar as visited. The chain still says the nearest place and
    /// how far it is (``PlaceChain/nearestPlace``). 30 km is an hour on a mountain road and
    /// nearly five times the urban reach of a city of 500,000: a place that far is no one's "in".
    public static let cityReachKm = 30.0
    /// A district is answered only when the point is clearly in it: its distance to the
    /// district's point is under this fraction of its distance to every other district of the
    /// same city. Districts are known by points, not outlines: the Eiffel Tower is 1.4 km from
    /// Passy's point and 1.9 km from Palais-Bourbon's, in whose arrondissement it stands; no
    /// district rather than the wrong one.
    public static let districtMargin = 0.7
    /// At the edge of a big city's built-up area the nearest place can be a small town of
    /// another municipality (Milan's Gallaratese is 2.1 km from Pero's point, 7.4 km from
    /// Milan's). Inside a metropolis's urban reach and nearer to the town than
    /// ``metropolisGapKm``, the metropolis answers when it has at least this many times the
    /// town's population...
    public static let edgePopulationRatio = 10.0
    /// ...and the point lies more than this many times the town's own reach from its point:
    /// Pero's 9,626 people reach 0.88 km, and Gallaratese is 2.4 of those away. A point within
    /// twice a town's own reach is the town's, however big its neighbour.
    public static let edgeOwnReaches = 2.0
    /// The density of a town's own reach: the gazetteer's for a metropolis's urban reach
    /// (`Tools/gazetteer/README.md`), so the two compare.
    public static let urbanDensityPerKm2 = 4000.0

    public let gazetteerVersion: String
    /// The coastline tolerance in km (the gazetteer's, in degrees of latitude).
    public let coastlineToleranceKm: Double
    let boundaries: BoundaryIndex
    let tables: PlaceTables
    let cities: PointIndex
    let citiesByRegion: [PointIndex]
    let airports: PointIndex
    /// The metropolises' points (member = position in `tables.metropolises`) and how far to
    /// look for one: the largest reach.
    let metropolises: PointIndex
    let metropolisSearch: PointIndex.Radius
    /// Boundary shape → region or country table index.
    let shapeRegion: [Int32]
    let shapeCountry: [Int32]
    /// Chain links built once: a resolution only copies them.
    let links: ChainLinks
    /// Each airport's radius (``airportRadiusKm`` of its size), by airport index.
    let airportRadius: [Double]
    /// Whether any city lies in each country, by country index.
    let countryHasCities: [Bool]
    /// The cells an airport's radius reaches, and those a metropolis's urban reach does.
    let airportCells: ReachCells, metropolisCells: ReachCells
    /// The parts of regions (and region-less countries) in another zone than their own, and
    /// the pieces of each region and country, by table index.
    let zonePieces: ZonePieces
    let regionPieces: [[Int]], countryPieces: [[Int]]
    /// The land zones with their territorial sea, read when a point first lies off every
    /// polygon: few points do, and the zones have 1.5 million vertices, as many as the polygons.
    let seaZones: FirstFree<SeaZones>
    /// Every city's and district's population, by position, read when a point first lies in a
    /// metropolis's reach near another town: only the edge rule needs it, and reading it costs
    /// as much as a fifth of the load.
    let populations: FirstFree<[Int32]>
    /// The second level of regions, read when a point first asks for one (``Subregions``).
    let subregions: FirstFree<Subregions>
    /// Every time zone name the loaded tables give (the regions', the countries', the zone
    /// pieces'), each once, and each region's, country's and zone piece's position in it.
    let zoneNames: TextTable
    let regionZone: [Int32?], countryZone: [Int32?], pieceZone: [Int32]
    /// The boundary qualities, each once, and each shape's position in them.
    let qualities: TextTable
    let shapeQuality: [Int32]
    /// Seconds each loading phase took, in order (for benchmarks and `--verbose` output).
    public let loadTimings: [(phase: String, seconds: Double)]

    /// Loads the gazetteer's tables, from the user's cache folder where it has them and into it
    /// where it has not (``TableCache``, as the environment sets it).
    public convenience init(gazetteer: Gazetteer) throws {
        try self.init(gazetteer: gazetteer, cache: TableCache(gazetteerPath: gazetteer.path))
    }

    /// Loads the gazetteer's tables, from `cache` where it has them and into it where it has
    /// not; with no cache, everything is read and derived from the gazetteer.
    public init(gazetteer: Gazetteer, cache: TableCache?) throws {
        var timings: [(String, Double)] = []
        var clock = DispatchTime.now().uptimeNanoseconds
        func lap(_ phase: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            timings.append((phase, Double(now - clock) / 1e9))
            clock = now
        }
        LoadingHeap.keepFreedMemory()
        defer { LoadingHeap.returnFreedMemory() }
        // In 4 KiB pages, not huge ones: a huge page is a free 2 MiB block, and a VM that hands
        // free memory back to its host (virtio-balloon free page reporting, as on this project's
        // build machine) faults such a block in again at 1.5-3 ms a MB a few seconds after it
        // was freed, against 0.4 ms a MB in small pages. A resolve or an import started after a
        // pause (what a user does) took 0.16 s and 0.65 s in huge pages, 0.11 s and 0.56 s
        // without; run back to back, 0.12 s and 0.56 s against 0.13 s and 0.55 s.
        gazetteerVersion = gazetteer.version
        coastlineToleranceKm = gazetteer.coastlineToleranceDegrees * PointIndex.kmPerDegree
        // Names and cities on one core while the polygons decode on the other; then the polygon
        // thread files the edges and whichever core is free first computes the corner states.
        let outlines = Promise<BoundaryIndex.Outlines>()
        let corners = FirstFree { try BoundaryIndex.cornerStates(of: try outlines.value()) }
        let places = ParallelLoad(growingHeap: false) { () throws -> (PlaceTables, PointIndex, [PointIndex], PointIndex, ZonePieces, Double) in
            let started = DispatchTime.now().uptimeNanoseconds
            let places = try Self.loadPlaces(from: gazetteer, cache: cache)
            let loaded = (places.tables, places.cities, places.citiesByRegion, places.airports, try ZonePieces.load(from: gazetteer, cache: cache),
                          Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            corners.offer()
            return loaded
        }
        var derived = false
        boundaries = try TableCache.table("boundaries", in: cache, decode: { try BoundaryIndex(unarchiving: &$0) }, derive: {
            derived = true
            let decoded = Result { try BoundaryIndex.decodeOutlines(from: gazetteer) }
            outlines.fulfil(decoded)
            return try BoundaryIndex(decoded.get()) { try corners.value() }
        }, encode: { $0.archive(into: &$1) })
        // Read from the cache: the cities thread's offer of the corner states finds no outlines and stops.
        if !derived { outlines.fulfil(.failure(CancellationError())) }
        lap("boundaries")
        timings += boundaries.buildTimings.map { ("  " + $0.phase, $0.seconds) }
        let loaded = try places.value()
        (tables, cities, citiesByRegion, airports) = (loaded.0, loaded.1, loaded.2, loaded.3)
        lap("waiting for the cities")
        timings.append(("cities, airports and zone pieces, on the other core", loaded.5))
        zonePieces = loaded.4
        regionPieces = loaded.0.regions.map { loaded.4.pieces(of: "region:" + $0.id) }
        countryPieces = loaded.0.countries.map { loaded.4.pieces(of: "country:" + $0.iso2) }
        seaZones = FirstFree { [tables = loaded.0, pieces = loaded.4] in try SeaZones(gazetteer: gazetteer, tables: tables, pieces: pieces, cache: cache) }
        populations = FirstFree { [count = loaded.0.cities.count] in
            try TableCache.table("populations", in: cache, decode: { archive in
                let populations = try archive.array(of: Int32.self)
                guard populations.count == count else { throw ArchiveError(offset: 0, reason: "\(populations.count) populations for \(count) cities") }
                return populations
            }, derive: { try PlaceTables.populations(of: gazetteer, count: count) }, encode: { $1.append($0) })
        }
        subregions = FirstFree { [count = loaded.0.cities.count, codes = loaded.0.countries.map(\.iso2)] in
            try Subregions(gazetteer: gazetteer, cityCount: count, countries: codes, cache: cache)
        }
        shapeRegion = boundaries.shapes.map { $0.id.kind == .region ? Int32(loaded.0.regionIndex[$0.id.code] ?? -1) : -1 }
        shapeCountry = boundaries.shapes.map { Int32(loaded.0.countryIndex[$0.country] ?? -1) }
        links = ChainLinks(tables: loaded.0)
        let metros = loaded.0.metropolises, cityTable = loaded.0.cities
        let (metroLatitudes, metroLongitudes) = (metros.map { cityTable.latitudes[Int($0.city)] }, metros.map { cityTable.longitudes[Int($0.city)] })
        metropolises = PointIndex(storage: PointStorage(latitudes: metroLatitudes, longitudes: metroLongitudes))
        metropolisSearch = PointIndex.Radius(degrees: (metros.map(\.reachKm).max() ?? 0) / PointIndex.kmPerDegree)
        airportRadius = loaded.0.airports.map { Self.airportRadiusKm[$0.size] ?? 0 }
        var hasCities = [Bool](repeating: false, count: loaded.0.countries.count)
        for country in loaded.0.cities.country { hasCities[Int(country)] = true }
        countryHasCities = hasCities
        let regionZones = loaded.0.regions.map(\.timeZone), countryZones = loaded.0.countries.map(\.timeZone)
        let pieceZones = loaded.4.assignments.map(\.zone)
        let zoneNames = TextTable(regionZones.compactMap { $0 } + countryZones.compactMap { $0 } + pieceZones)
        (regionZone, countryZone) = (regionZones.map { $0.flatMap(zoneNames.position) }, countryZones.map { $0.flatMap(zoneNames.position) })
        pieceZone = pieceZones.map { zoneNames.position(of: $0) ?? 0 }
        self.zoneNames = zoneNames
        let qualities = TextTable(boundaries.shapes.map(\.quality))
        shapeQuality = boundaries.shapes.map { qualities.position(of: $0.quality) ?? 0 }
        self.qualities = qualities
        let airportTable = loaded.0.airports
        airportCells = ReachCells(latitudes: airportTable.map(\.latitude), longitudes: airportTable.map(\.longitude),
                                  reachDegrees: airportTable.map { _ in Self.airportReach.degrees })
        metropolisCells = ReachCells(latitudes: metroLatitudes, longitudes: metroLongitudes,
                                     reachDegrees: metros.map { $0.reachKm / PointIndex.kmPerDegree })
        loadTimings = timings
    }

    /// Loads now the tables points read on first use (the subregions and their polygons, the
    /// land zones, the populations), each on a thread of its own: for a caller about to resolve
    /// thousands of points on several threads, which otherwise each wait in turn for the table
    /// another of them is loading (an import of 20,000 photos lost 25 ms so). A table a point
    /// has begun to load is left to it.
    public func loadFirstUseTables() {
        let loads: [@Sendable () -> Void] = [
            { [subregions] in _ = (try? subregions.value())?.loadedPolygons() },
            { [seaZones] in seaZones.offer() },
            { [populations] in populations.offer() },
        ]
        for load in loads {
            let thread = Thread(block: load)
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// The place chain of `coordinate`; throws ``ResolverError`` for NaN or out-of-range values.
    public func resolve(_ coordinate: GeoCoordinate) throws(ResolverError) -> PlaceChain {
        var firstUse = FirstUseTables()
        return chain(of: try resolution(of: coordinate, &firstUse), &firstUse)
    }

    /// What ``resolve(_:)`` answers, as rows of the resolver's tables, with the tables read on
    /// first use that the caller has in hand (or gets now).
    func resolution(of coordinate: GeoCoordinate, _ firstUse: inout FirstUseTables) throws(ResolverError) -> Resolution {
        if let reason = coordinate.invalidReason { throw ResolverError(reason: reason) }
        var hit = boundaries.locate(coordinate)
        var waters = Waters.land

        if hit.country == nil && hit.region == nil {
            // The 10m coastline is generalised: a point just off it is still on land.
            if let near = boundaries.nearestEdge(to: coordinate, withinKm: coastlineToleranceKm, where: { _ in true }) {
                // Land by the tolerance: the polygons and their zone pieces miss the point, the
                // zones (OpenStreetMap's coasts) know its time, if they cover its country.
                let hit = landHit(near: near.shape, coordinate: coordinate, withinKm: coastlineToleranceKm)
                return resolution(for: coordinate, hit: hit, waters: .land, zone: firstUse.seaZone(at: coordinate, of: self), &firstUse)
            } else if let sea = seaWaters(at: coordinate, &firstUse) {
                return resolution(for: coordinate, hit: sea.hit, waters: .territorial, country: sea.country, zone: sea.zone, &firstUse)
            } else if let coast = boundaries.nearestEdge(to: coordinate, withinKm: Self.territorialWatersKm, where: { _ in true }) {
                // Any outline will do: a coast is the edge of a country and of its coastal region alike.
                waters = .territorial
                hit = landHit(near: coast.shape, coordinate: coordinate, withinKm: Self.territorialWatersKm + 5)
            } else {
                var found = Resolution(coordinate: coordinate, waters: .international)
                found.places.airport = nearestAirport(to: PointQuery(latitude: coordinate.latitude, longitude: coordinate.longitude))
                return found
            }
        }
        return resolution(for: coordinate, hit: hit, waters: waters, &firstUse)
    }

    /// The shapes a point near (not in) `shape` belongs to: that shape's country and the nearest
    /// region of the same country.
    private func landHit(near shape: Int, coordinate: GeoCoordinate, withinKm radius: Double) -> BoundaryIndex.Hit {
        hit(of: boundaries.shapes[shape].country, near: coordinate, withinKm: radius)
    }

    /// A country's outline and its region nearest to a point outside them, within `radius`.
    private func hit(of country: String, near coordinate: GeoCoordinate, withinKm radius: Double) -> BoundaryIndex.Hit {
        var hit = BoundaryIndex.Hit()
        hit.country = boundaries.nearestEdge(to: coordinate, withinKm: radius) { s in
            self.boundaries.shapes[s].id.kind == .country && self.boundaries.shapes[s].country == country
        }?.shape
        hit.region = boundaries.nearestEdge(to: coordinate, withinKm: radius) { s in
            self.boundaries.shapes[s].id.kind == .region && self.boundaries.shapes[s].country == country
        }?.shape
        return hit
    }

    /// Territorial waters by the land zone the point lies in: the zone's country (or, for a zone
    /// that covers land of several, whichever of them has the nearest outline), its region
    /// nearest to the point, and the zone itself as the point's time zone. Nil outside every
    /// land zone: there the 12 nautical miles decide.
    private func seaWaters(at coordinate: GeoCoordinate, _ firstUse: inout FirstUseTables) -> (hit: BoundaryIndex.Hit, country: Int, zone: SeaZones.Zone)? {
        // The zones are part of the gazetteer, whose checksum was verified on opening: should
        // they not load all the same, the 12 nautical miles still answer.
        guard let sea = firstUse.seaZone(at: coordinate, of: self) else { return nil }
        var country = sea.countries[0]
        if sea.countries.count > 1, let nearest = boundaries.nearestEdge(to: coordinate, withinKm: Self.sharedZoneSearchKm, where: { s in
            sea.countries.contains(Int(self.shapeCountry[s]))
        }) {
            country = Int(shapeCountry[nearest.shape])
        }
        let hit = hit(of: tables.countries[country].iso2, near: coordinate, withinKm: Self.territorialWatersKm + 5)
        return (hit, country, sea)
    }

    /// The resolution of a point in `hit`'s shapes (else in country `known`). The time zone is
    /// `zone`'s when that land zone covers the country, else the pieces' and the region's.
    @inline(__always)
    private func resolution(for coordinate: GeoCoordinate, hit: BoundaryIndex.Hit, waters: Waters,
                            country known: Int? = nil, zone: SeaZones.Zone? = nil, _ firstUse: inout FirstUseTables) -> Resolution {
        let region = hit.region.map { Int(shapeRegion[$0]) }.flatMap { $0 >= 0 ? $0 : nil }
        let country = region.map { Int(tables.regions[$0].country) } ?? hit.country.map { Int(shapeCountry[$0]) }.flatMap { $0 >= 0 ? $0 : nil } ?? known
        guard let country else { return Resolution(coordinate: coordinate, waters: waters) }

        // The nearest city inside the region, or the country when the region has none. The
        // unconstrained nearest comes first: for most photos it lies inside, and answers both.
        let query = PointQuery(latitude: coordinate.latitude, longitude: coordinate.longitude)
        // Cities are numbered in GeoNames id order, so the lower number is the lower id.
        let precedes: (Int32, Int32) -> Bool = { $0 < $1 }
        // A plain function, not a closure chosen at run time: that one was allocated per point.
        // The columns read in place: copied into locals, they were retained and released at
        // every point, on counts both answering cores wrote.
        func inside(_ city: Int32) -> Bool {
            if let region { tables.cities.region[Int(city)] == Int32(region) } else { tables.cities.country[Int(city)] == Int32(country) }
        }
        var found = cities.nearest(to: query, precedes: precedes)
        var elsewhere = false
        if let anywhere = found, !inside(anywhere.member) {
            elsewhere = true
            // A region's own index has all its cities, so when it is empty a search of the world
            // for them finds none either; it only took up to twelve scans of every city to say so
            // (and as many for a country without cities, such as Antarctica).
            if let region {
                found = citiesByRegion[region].nearest(to: query, precedes: precedes)
            } else {
                found = countryHasCities[country] ? cities.nearest(to: query, where: inside, precedes: precedes) : nil
            }
        }

        var borderKm: Double?
        if waters == .land {
            // A neighbour's polygon within reach means its shared border is that near.
            // Without a region only other countries count; a country answered through its regions
            // shows its border as the edges of those regions.
            let (ownRegion, ownCountry, ownCode) = (hit.region ?? -1, hit.country ?? -1, Int32(country))
            // The column read through a pointer, not through `self`: the filter, called for every
            // block of edges in reach, took ~120 instructions a point more that way.
            borderKm = shapeCountry.withUnsafeBufferPointer { shapeCountry in
                boundaries.nearestEdge(to: coordinate, withinKm: Self.borderReportKm, cosLatitude: query.cosLatitude) { s in
                    s != ownRegion && s != ownCountry && (hit.region != nil || shapeCountry[s] != ownCode)
                }?.km
            }
        }
        // A district answers with its city as the city and itself as the district.
        var city: Resolution.Row?, district: Resolution.Row?, nearestPlace: Resolution.Row?
        if let found {
            let owner = tables.cities.owner[Int(found.member)]
            city = Resolution.Row(row: owner, distanceKm: found.km)
            if owner != found.member, found.km <= Self.cityReachKm, clearlyIn(found, of: owner, query, where: inside) {
                district = Resolution.Row(row: found.member, distanceKm: found.km)
            }
            if found.km > Self.metropolisGapKm, let metropolis = metropolis(reaching: query, where: inside), metropolis.city != owner {
                city = Resolution.Row(row: metropolis.city, distanceKm: metropolis.km)
                district = nil
            } else if owner == found.member, found.km <= Self.metropolisGapKm,
                      let metropolis = edgeMetropolis(around: found, query, where: inside) {
                city = Resolution.Row(row: metropolis.city, distanceKm: metropolis.km)
            } else if found.km > Self.cityReachKm {
                (nearestPlace, city, district) = (city, nil, nil)
            }
        }
        var answer = Resolution(coordinate: coordinate, waters: waters)
        let subregion = firstUse.subregion(at: coordinate, country: country, city: city.map { Int($0.row) }, of: self)
        answer.places = PlaceLineage(continent: links.continentOfCountry[country].map { Resolution.Row(row: $0) },
                                     country: Resolution.Row(row: Int32(country)), region: region.map { Resolution.Row(row: Int32($0)) },
                                     subregion: subregion.map { Resolution.Row(row: $0.row) }, city: city, district: district,
                                     airport: nearestAirport(to: query))
        answer.nearestPlace = nearestPlace
        answer.subregionBasis = subregion?.basis
        answer.borderKm = borderKm
        answer.boundaryQuality = (hit.region ?? hit.country).map { shapeQuality[$0] }
        answer.nearestCityElsewhere = elsewhere
        if let zone, zone.countries.contains(country) {
            answer.timeZone = .sea(zone.name)
        } else {
            answer.timeZone = timeZone(at: coordinate, region: region, country: country)
        }
        return answer
    }

    /// Whether no other district of `owner` among the places `inside` admits lies within
    /// ``districtMargin`` of the nearest one's distance: the point is clearly in `found`'s district.
    private func clearlyIn(_ found: (member: Int32, km: Double), of owner: Int32, _ query: PointQuery,
                           where inside: (Int32) -> Bool) -> Bool {
        let owners = tables.cities.owner
        var rival = false
        cities.forEach(within: .init(degrees: found.km / Self.districtMargin / PointIndex.kmPerDegree), of: query) { member, chord in
            guard !rival, member != found.member, member != owner, owners[Int(member)] == owner, inside(member) else { return }
            rival = PointStorage.kilometres(squaredChord: chord) * Self.districtMargin < found.km
        }
        return !rival
    }

    /// The zone of the piece the point lies in, else its region's, else its country's; the
    /// nautical zone for a country without one (Antarctica's interior has none).
    private func timeZone(at coordinate: GeoCoordinate, region: Int?, country: Int) -> Resolution.Zone {
        if let region {
            if !regionPieces[region].isEmpty, let piece = zonePieces.pieceIndex(at: coordinate, amongPieces: regionPieces[region]) {
                return .named(pieceZone[piece])
            }
            if let zone = regionZone[region] { return .named(zone) }
        }
        if !countryPieces[country].isEmpty, let piece = zonePieces.pieceIndex(at: coordinate, amongPieces: countryPieces[country]) {
            return .named(pieceZone[piece])
        }
        return countryZone[country].map { .named($0) } ?? .nautical
    }

    /// The metropolis whose urban reach covers the point most deeply (smallest distance / reach,
    /// then the lower city position), among the cities `accept` admits.
    func metropolis(reaching query: PointQuery, where accept: (Int32) -> Bool) -> (city: Int32, km: Double)? {
        // Most points this is asked for lie far from every town, in no metropolis's reach.
        guard metropolisCells.mayReach(latitude: query.latitude, longitude: query.longitude) else { return nil }
        var best: (city: Int32, km: Double, depth: Double)?
        metropolises.forEach(within: metropolisSearch, of: query) { member, chord in
            let (city, reach) = tables.metropolises[Int(member)]
            let km = PointStorage.kilometres(squaredChord: chord)
            guard km <= reach, accept(city) else { return }
            let depth = km / reach
            if best == nil || depth < best!.depth || (depth == best!.depth && city < best!.city) { best = (city, km, depth) }
        }
        return best.map { ($0.city, $0.km) }
    }

    /// The metropolis a point belongs to rather than to `town`, the city nearest to it (no
    /// district), when the point is at the edge of the metropolis's built-up area: in its reach
    /// and, for the town, ``atEdge(townKm:town:metropolis:)``. The deepest such metropolis.
    private func edgeMetropolis(around town: (member: Int32, km: Double), _ query: PointQuery,
                                where inside: (Int32) -> Bool) -> (city: Int32, km: Double)? {
        // The populations are read only once a metropolis is in reach at all.
        guard metropolis(reaching: query, where: { $0 != town.member && inside($0) }) != nil,
              let populations = try? populations.value() else { return nil }
        let people = populations[Int(town.member)]
        guard Self.atEdge(townKm: town.km, town: people, metropolis: .max) else { return nil }
        return metropolis(reaching: query) { city in
            city != town.member && inside(city) && Self.atEdge(townKm: town.km, town: people, metropolis: populations[Int(city)])
        }
    }

    /// The edge rule for a point `townKm` from the nearest place, a town of `town` people, and in
    /// the reach of a metropolis of `metropolis` people: the town must be no farther than
    /// ``metropolisGapKm`` (beyond it the metropolis answers anyway), of known population (GeoNames
    /// gives some places 0), at most 1/``edgePopulationRatio`` of the metropolis, and the point
    /// more than ``edgeOwnReaches`` times the town's own reach (the radius of its population at
    /// ``urbanDensityPerKm2``) from it.
    static func atEdge(townKm: Double, town: Int32, metropolis: Int32) -> Bool {
        guard town > 0, townKm <= metropolisGapKm, Double(metropolis) >= edgePopulationRatio * Double(town) else { return false }
        return townKm > edgeOwnReaches * (Double(town) / (urbanDensityPerKm2 * .pi)).squareRoot()
    }

    /// The nearest airport whose size-based radius reaches the coordinate: its row in the
    /// airports' table and its distance.
    func nearestAirport(to query: PointQuery) -> Resolution.Row? {
        guard airportCells.mayReach(latitude: query.latitude, longitude: query.longitude) else { return nil }
        var best: (index: Int, km: Double)?
        airports.forEach(within: Self.airportReach, of: query) { member, chord in
            let i = Int(member)
            let km = PointStorage.kilometres(squaredChord: chord)
            guard km <= airportRadius[i] else { return }
            if best == nil || km < best!.km || (km == best!.km && tables.airports[i].iata < tables.airports[best!.index].iata) { best = (i, km) }
        }
        return best.map { Resolution.Row(row: Int32($0.index), distanceKm: $0.km) }
    }
}
