import Foundation
import SQLite

extension Gazetteer {
    /// The places directly or indirectly below `parent` (the whole world when nil), one kind at a
    /// time, one page at a time.
    ///
    /// ```swift
    /// try gazetteer.children(of: nil).map(\.name)                         // the 7 continents
    /// try gazetteer.children(of: PlaceID("country:JP")).count             // 47 regions
    /// try gazetteer.children(of: PlaceID("region:JP.22"), limit: 5)       // Kyoto's largest cities
    /// try gazetteer.children(of: PlaceID("country:JP"), kind: .airport)   // large airports first
    /// ```
    ///
    /// `kind` defaults to the next level: continents, countries, regions, cities (a country
    /// without regions lists its cities), a city's districts. Continents, countries and regions
    /// come by name, cities and districts by population (largest first), airports by size and
    /// then name; ties break by identifier so pages never overlap. A kind at or above the
    /// parent's gives nothing, and so does an airport below a city.
    public func children(of parent: PlaceID?, kind: PlaceKind? = nil, limit: Int = 100, offset: Int = 0) throws -> [Place] {
        try withDatabase { db in
            guard let kind = try kind ?? Self.childKind(of: parent, db), let scope = Scope(parent: parent, kind: kind) else { return [] }
            let s = try db.prepare("SELECT \(scope.key) FROM \(scope.table)\(scope.whereClause) ORDER BY \(scope.order) LIMIT ? OFFSET ?")
            try s.bind(scope.bindings + [max(0, limit), max(0, offset)])
            var ids: [PlaceID] = []
            while try s.step() { if let code = s.string(0) { ids.append(PlaceID(kind, code)) } }
            return try PlaceRows.places(ids, in: db)
        }
    }

    /// Every place of `kind` below `parent` (the world when nil) by identifier and name, in
    /// ``children(of:kind:limit:offset:)``'s order, in one query: what a goal such as "every
    /// county of California" needs, without reading each place's lineage.
    ///
    /// ```swift
    /// try gazetteer.names(below: PlaceID("region:US.CA"), kind: .subregion).count   // 58
    /// ```
    public func names(below parent: PlaceID?, kind: PlaceKind) throws -> [(id: PlaceID, name: String)] {
        guard let scope = Scope(parent: parent, kind: kind) else { return [] }
        return try withDatabase { db in
            // Prepared once: a goal for each region visited asks this of a thousand regions.
            let s = try statements.prepare("SELECT \(scope.key), name FROM \(scope.table)\(scope.whereClause) ORDER BY \(scope.order)", db)
            defer { s.reset() }
            try s.bind(scope.bindings)
            var out: [(id: PlaceID, name: String)] = []
            while try s.step() { if let code = s.string(0) { out.append((PlaceID(kind, code), s.string(1) ?? code)) } }
            return out
        }
    }

    /// The place one level up: the region of a city or airport (its country when it has no
    /// region), the country of a region, the continent of a country; nil for a continent.
    public func parent(of id: PlaceID) throws -> Place? {
        guard let up = try place(id)?.lineage.last?.id else { return nil }
        return try place(up)
    }

    /// How many places of each lower kind lie below `parent` (the world when nil), largest
    /// kind first: "47 regions, 1,513 cities, 74 airports". Read from the counts the gazetteer
    /// build stores (`child_counts`): one indexed lookup, never a count over the rows.
    ///
    /// ```swift
    /// try gazetteer.childCounts(of: PlaceID("country:JP"))   // [(.region, 47), (.city, …), (.district, …), (.airport, …)]
    /// ```
    ///
    /// Every kind that can lie below the parent is listed, with 0 when none does; a district or
    /// an airport has nothing below it, a city only its districts.
    public func childCounts(of parent: PlaceID?) throws -> [(kind: PlaceKind, count: Int)] {
        let kinds = PlaceKind.allCases.filter { Scope.holds(parent?.kind, $0) }
        guard !kinds.isEmpty else { return [] }
        let stored = try withDatabase { db in
            let s = try statements.prepare("SELECT kind, count FROM child_counts WHERE parent = ?", db).bind(parent?.description ?? "")
            defer { s.reset() }
            var counts: [String: Int] = [:]
            while try s.step() { counts[s.string(0) ?? ""] = s.int(1) }
            return counts
        }
        return try kinds.map { ($0, $0 == .subregion ? try subregionCounts(of: [parent])[parent] ?? 0 : stored[$0.rawValue] ?? 0) }
    }

    /// How many subregions lie below each of `parents` (nil for the world), counted from their
    /// table, as the build stores no `child_counts` for them.
    private func subregionCounts(of parents: [PlaceID?]) throws -> [PlaceID?: Int] {
        try withDatabase { db in
            var out: [PlaceID?: Int] = [:]
            for parent in parents {
                let (filter, bindings): (String, [SQLValue?]) = switch parent?.kind {
                case nil: ("1", [])
                case .continent?: ("country IN (SELECT iso2 FROM countries WHERE continent = ?)", [parent?.code])
                case .country?, .region?: Self.subregionKeyRange(below: parent!.code)
                default: ("0", [])
                }
                let s = try statements.prepare("SELECT count(*) FROM subregions WHERE \(filter)", db)
                try s.bind(bindings)
                out[parent] = try s.scalarInt() ?? 0
            }
            return out
        }
    }

    /// How many places of `kind` lie below each of `parents`, in one query: the regions of every
    /// country a traveller visited, say. Every parent is in the answer, with 0 when nothing of
    /// that kind lies below it (or cannot: regions below a city).
    ///
    /// ```swift
    /// try gazetteer.childCounts(of: [PlaceID("country:JP")!, PlaceID("country:MC")!], kind: .region)
    /// // [country:JP: 47, country:MC: 0]
    /// ```
    public func childCounts(of parents: [PlaceID], kind: PlaceKind) throws -> [PlaceID: Int] {
        var counts = Dictionary(parents.map { ($0, 0) }, uniquingKeysWith: { a, _ in a })
        guard !counts.isEmpty else { return counts }
        if kind == .subregion {
            for (parent, count) in try subregionCounts(of: Array(counts.keys)) { if let parent { counts[parent] = count } }
            return counts
        }
        let list = JSONList(counts.keys.map(\.description)).text
        try withDatabase { db in
            let s = try db.prepare("SELECT parent, count FROM child_counts WHERE kind = ? AND parent IN (SELECT value FROM json_each(?))")
            try s.bind(kind.rawValue, list)
            while try s.step() {
                if let parent = s.string(0).flatMap(PlaceID.init) { counts[parent] = s.int(1) }
            }
        }
        return counts
    }

    /// The subregions of a country or region (`US`, `US.CA`) as a range of their identifiers,
    /// which begin with its code and a dot (`US.CA.037`; GazetteerTests checks every one): the
    /// primary key answers it, where the table has no index on the country or the region and a
    /// filter on them read all 47,000 rows for each parent.
    static func subregionKeyRange(below code: String) -> (filter: String, bindings: [SQLValue?]) {
        ("id > ? AND id < ?", [code + ".", code + "/"])
    }

    /// The natural next level below `parent`.
    private static func childKind(of parent: PlaceID?, _ db: Database) throws -> PlaceKind? {
        switch parent?.kind {
        case nil: return .continent
        case .continent?: return .country
        case .country?:
            let regions = try db.prepare("SELECT count(*) FROM regions WHERE country = ?").bind(parent!.code).scalarInt() ?? 0
            return regions > 0 ? .region : .city
        case .region?: return .city
        case .city?: return .district
        case .subregion?, .district?, .airport?: return nil
        }
    }

    /// Which rows of which table lie below a parent, and their order.
    private struct Scope {
        let table: String
        let key: String
        let order: String
        let whereClause: String
        let bindings: [SQLValue?]

        init?(parent: PlaceID?, kind: PlaceKind) {
            switch kind {
            case .continent: (table, key, order) = ("continents", "code", "name, code")
            case .country: (table, key, order) = ("countries", "iso2", "name, iso2")
            case .region: (table, key, order) = ("regions", "id", "name, id")
            case .subregion: (table, key, order) = ("subregions", "id", "name, id")
            case .city, .district: (table, key, order) = ("cities", "CAST(geonameid AS TEXT)", "population DESC, geonameid")
            case .airport:
                (table, key, order) = ("airports", "iata", "CASE size WHEN 'large' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, name, iata")
            }
            // Cities and districts share a table: `city` names a district's city.
            let level = kind == .city ? " AND city IS NULL" : kind == .district ? " AND city IS NOT NULL" : ""
            guard let parent else {
                (whereClause, bindings) = (level.isEmpty ? "" : " WHERE" + level.dropFirst(4), [])
                return
            }
            guard Self.holds(parent.kind, kind) else { return nil }
            if kind == .subregion, parent.kind == .country || parent.kind == .region {
                let range = Gazetteer.subregionKeyRange(below: parent.code)
                (whereClause, bindings) = (" WHERE " + range.filter, range.bindings)
                return
            }
            switch parent.kind {
            case .continent:
                whereClause = (kind == .country ? " WHERE continent = ?" : " WHERE country IN (SELECT iso2 FROM countries WHERE continent = ?)") + level
            case .country:
                whereClause = " WHERE country = ?" + level
            case .city:
                whereClause = " WHERE city = ?"
            default:
                // A region's places lie in its country (the build checks it): naming the country
                // too lets the (country, region) indexes answer.
                whereClause = " WHERE country = (SELECT country FROM regions WHERE id = ?) AND region = ?" + level
                bindings = [parent.code, parent.code]
                return
            }
            bindings = [parent.code]
        }

        /// Whether places of `kind` can lie below a place of `parent` (the world when nil): only
        /// lower kinds, nothing below a subregion (the gazetteer does not file cities by it), a
        /// district or an airport, only districts below a city.
        static func holds(_ parent: PlaceKind?, _ kind: PlaceKind) -> Bool {
            guard let parent else { return true }
            return parent < kind && ![.subregion, .district, .airport].contains(parent) && (parent != .city || kind == .district)
        }
    }
}
