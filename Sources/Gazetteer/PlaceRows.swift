import SQLite

/// Reads ``Place`` values from the gazetteer's tables: one query for the row, small ones for
/// the names of its ancestors.
enum PlaceRows {
    static func place(_ id: PlaceID, in db: Database) throws -> Place? {
        try place(id, db, LineageCache())
    }

    /// Several places, in the order given (missing ones left out); lineages shared between them
    /// are read once.
    static func places(_ ids: [PlaceID], in db: Database, statements: StatementCache? = nil) throws -> [Place] {
        let cache = LineageCache(statements: statements)
        return try ids.compactMap { try place($0, db, cache) }
    }

    private static func place(_ id: PlaceID, _ db: Database, _ cache: LineageCache) throws -> Place? {
        switch id.kind {
        case .continent: return try continent(id.code, db, cache)
        case .country: return try country(id.code, db, cache)
        case .region: return try region(id.code, db, cache)
        case .subregion: return try subregion(id.code, db, cache)
        case .city: return try Int(id.code).flatMap { try city($0, district: false, db, cache) }
        case .district: return try Int(id.code).flatMap { try city($0, district: true, db, cache) }
        case .airport: return try airport(id.code, db, cache)
        }
    }

    /// Lineages and statements already made during one batch: twenty places need eight
    /// statements, not eighty; with the gazetteer's ``StatementCache`` (searches), none.
    final class LineageCache {
        /// By "continent|country|region".
        var lineages: [String: [Place.Ancestor]] = [:]
        private let statements: StatementCache

        init(statements: StatementCache? = nil) {
            self.statements = statements ?? StatementCache()
        }

        func prepare(_ sql: String, _ db: Database) throws -> Statement {
            try statements.prepare(sql, db)
        }
    }

    /// Identifiers a bare code may stand for, most likely first.
    static func candidates(forCode code: String, in db: Database) throws -> [PlaceID] {
        var out: [PlaceID] = []
        func add(_ sql: String, _ kind: PlaceKind) throws {
            let s = try db.prepare(sql).bind(code)
            while try s.step() { if let c = s.string(0) { out.append(PlaceID(kind, c)) } }
        }
        if code.allSatisfy(\.isNumber) { return [PlaceID(.city, code), PlaceID(.district, code)] }
        switch code.count {
        case 2:
            // Countries first: "AS" is American Samoa; "EU" and "OC" can only be continents.
            try add("SELECT iso2 FROM countries WHERE iso2 = ?", .country)
            try add("SELECT code FROM continents WHERE code = ?", .continent)
        case 3:
            try add("SELECT iso2 FROM countries WHERE iso3 = ?", .country)
            try add("SELECT iata FROM airports WHERE iata = ?", .airport)
        case 4: try add("SELECT iata FROM airports WHERE icao = ?", .airport)
        default: break
        }
        if code.contains("-") { try add("SELECT id FROM regions WHERE iso_code = ?", .region) }
        if code.contains(".") { try add("SELECT id FROM regions WHERE id = ?", .region) }
        return out
    }

    // MARK: - One kind each

    private static func continent(_ code: String, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT name, folded, population, geonameid FROM continents WHERE code = ?", db).bind(code)
        guard try s.step() else { return nil }
        var codes = Place.Codes()
        codes.geonameID = s.optionalInt(3)
        return Place(id: PlaceID(.continent, code), name: s.string(0) ?? code, foldedName: s.string(1) ?? "",
                     lineage: [], coordinate: nil, population: s.int(2), codes: codes)
    }

    private static func country(_ iso2: String, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT iso3, name, folded, continent, population, geonameid, lat, lon FROM countries WHERE iso2 = ?", db).bind(iso2)
        guard try s.step() else { return nil }
        var codes = Place.Codes()
        (codes.iso2, codes.iso3, codes.geonameID) = (iso2, s.string(0), s.optionalInt(5))
        return Place(id: PlaceID(.country, iso2), name: s.string(1) ?? iso2, foldedName: s.string(2) ?? "",
                     lineage: try lineage(continent: s.string(3), country: nil, region: nil, db, cache),
                     coordinate: coordinate(s, 6), population: s.int(4), codes: codes)
    }

    private static func region(_ id: String, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT country, name, folded, iso_code, geonameid, lat, lon, population, quality, native_name FROM regions WHERE id = ?", db).bind(id)
        guard try s.step() else { return nil }
        var codes = Place.Codes()
        (codes.iso3166_2, codes.geonameID) = (s.string(3), s.optionalInt(4))
        return Place(id: PlaceID(.region, id), name: s.string(1) ?? id, foldedName: s.string(2) ?? "",
                     lineage: try lineage(continent: nil, country: s.string(0), region: nil, db, cache),
                     coordinate: coordinate(s, 5), population: s.int(7), codes: codes, detail: s.string(8), nativeName: s.string(9))
    }

    /// A subregion; its local word for the level (`County`, `Metropolitan department`) is its detail.
    private static func subregion(_ id: String, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT country, region, name, local_type, geonameid, lat, lon, population FROM subregions WHERE id = ?", db).bind(id)
        guard try s.step() else { return nil }
        let name = s.string(2) ?? id
        var codes = Place.Codes()
        codes.geonameID = s.optionalInt(4)
        return Place(id: PlaceID(.subregion, id), name: name, foldedName: SearchText.fold(name),
                     lineage: try lineage(continent: nil, country: s.string(0), region: s.string(1), db, cache),
                     coordinate: coordinate(s, 5), population: s.int(7), codes: codes, detail: s.string(3))
    }

    /// A city, or a district (`cities.city` names the city it belongs to, which joins its lineage).
    private static func city(_ geonameID: Int, district: Bool, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT name, folded, country, region, lat, lon, population, timezone, city FROM cities WHERE geonameid = ?", db).bind(geonameID)
        guard try s.step(), (s.optionalInt(8) != nil) == district else { return nil }
        var codes = Place.Codes()
        codes.geonameID = geonameID
        var lineage = try lineage(continent: nil, country: s.string(2), region: s.string(3), db, cache)
        if let city = s.optionalInt(8) {
            let c = try cache.prepare("SELECT name FROM cities WHERE geonameid = ?", db).bind(city)
            if try c.step() { lineage.append(Place.Ancestor(id: PlaceID(.city, String(city)), name: c.string(0) ?? String(city))) }
        }
        return Place(id: PlaceID(district ? .district : .city, String(geonameID)), name: s.string(0) ?? "", foldedName: s.string(1) ?? "",
                     lineage: lineage, coordinate: coordinate(s, 4), population: s.int(6), codes: codes, timeZone: s.string(7))
    }

    private static func airport(_ iata: String, _ db: Database, _ cache: LineageCache) throws -> Place? {
        let s = try cache.prepare("SELECT icao, name, folded, lat, lon, size, scheduled, country, region FROM airports WHERE iata = ?", db).bind(iata)
        guard try s.step() else { return nil }
        var codes = Place.Codes()
        (codes.iata, codes.icao) = (iata, s.string(0))
        let size = s.string(5) ?? "small"
        return Place(id: PlaceID(.airport, iata), name: s.string(1) ?? iata, foldedName: s.string(2) ?? "",
                     lineage: try lineage(continent: nil, country: s.string(7), region: s.string(8), db, cache),
                     coordinate: coordinate(s, 3), population: AirportSize(rawValue: size)?.importance ?? 0,
                     codes: codes, detail: size)
    }

    private static func coordinate(_ s: Statement, _ column: Int32) -> GeoCoordinate? {
        guard let lat = s.optionalDouble(column), let lon = s.optionalDouble(column + 1) else { return nil }
        return GeoCoordinate(latitude: lat, longitude: lon)
    }

    /// Continent > country > region, from whichever is given (the rest is looked up).
    static func lineage(continent: String?, country: String?, region: String?, _ db: Database, _ cache: LineageCache) throws -> [Place.Ancestor] {
        let key = "\(continent ?? "")|\(country ?? "")|\(region ?? "")"
        if let known = cache.lineages[key] { return known }
        var out: [Place.Ancestor] = []
        var continentCode = continent
        var countryAncestor: Place.Ancestor?
        if let country {
            let s = try cache.prepare("SELECT name, continent FROM countries WHERE iso2 = ?", db).bind(country)
            if try s.step() {
                countryAncestor = Place.Ancestor(id: PlaceID(.country, country), name: s.string(0) ?? country)
                continentCode = continentCode ?? s.string(1)
            }
        }
        if let continentCode {
            let s = try cache.prepare("SELECT name FROM continents WHERE code = ?", db).bind(continentCode)
            if try s.step() { out.append(Place.Ancestor(id: PlaceID(.continent, continentCode), name: s.string(0) ?? continentCode)) }
        }
        if let countryAncestor { out.append(countryAncestor) }
        if let region {
            let s = try cache.prepare("SELECT name FROM regions WHERE id = ?", db).bind(region)
            if try s.step() { out.append(Place.Ancestor(id: PlaceID(.region, region), name: s.string(0) ?? region)) }
        }
        cache.lineages[key] = out
        return out
    }
}
