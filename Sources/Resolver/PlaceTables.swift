import Foundation
import Gazetteer
import SQLite
import TableCache

/// The names and codes the resolver needs, read once from the gazetteer into arrays, so a
/// resolution never touches SQLite.
struct PlaceTables: Sendable {
    struct Country: Sendable { let iso2: String, iso3: String?, name: String, continent: String, timeZone: String? }
    struct Region: Sendable { let id: String, name: String, isoCode: String?, country: Int32, timeZone: String? }
    struct Airport: Sendable { let iata: String, icao: String?, name: String, size: AirportSize, latitude: Double, longitude: Double }

    /// Column-wise, for cache-friendly loading and searching; names stay UTF-8 until asked for.
    struct Cities: Sendable {
        var geonameIDs = Column<Int32>()
        var latitudes = Column<Double>()
        var longitudes = Column<Double>()
        var region = Column<Int32>()
        var country = Column<Int32>()
        /// The city each entry belongs to: itself for a city, its city for a district.
        var owner = Column<Int32>()
        var nameBytes = Column<UInt8>()
        var nameStart = Column<Int32>()
        var count: Int { geonameIDs.count }

        func name(_ i: Int) -> String {
            String(decoding: nameBytes[Int(nameStart[i])..<Int(nameStart[i + 1] - 1)], as: UTF8.self)
        }
    }

    var continents: [String: String] = [:]
    var countries: [Country] = []
    var countryIndex: [String: Int] = [:]
    var regions: [Region] = []
    var regionIndex: [String: Int] = [:]
    var cities = Cities()
    /// Cities large enough to reach over empty ground, with their urban reach in km.
    var metropolises: [(city: Int32, reachKm: Double)] = []
    var airports: [Airport] = []

    static func load(from gazetteer: Gazetteer) throws -> PlaceTables {
        var t = PlaceTables()
        // A connection of its own: the polygons load on another thread at the same time.
        try gazetteer.withOwnConnection { db in try db.withMemoryMap {
            let continents = try db.prepare("SELECT code, name FROM continents")
            while try continents.step() { t.continents[continents.string(0)!] = continents.string(1) }

            let countries = try db.prepare("SELECT iso2, iso3, name, continent, time_zone FROM countries ORDER BY iso2")
            while try countries.step() {
                t.countryIndex[countries.string(0)!] = t.countries.count
                t.countries.append(Country(iso2: countries.string(0)!, iso3: countries.string(1), name: countries.string(2)!, continent: countries.string(3)!,
                                           timeZone: countries.string(4)))
            }

            let regions = try db.prepare("SELECT id, name, iso_code, country, time_zone FROM regions ORDER BY id")
            while try regions.step() {
                t.regionIndex[regions.string(0)!] = t.regions.count
                t.regions.append(Region(id: regions.string(0)!, name: regions.string(1)!, isoCode: regions.string(2),
                                        country: Int32(t.countryIndex[regions.string(3)!] ?? -1), timeZone: regions.string(4)))
            }

            // In the order of their names. The records are unpacked from SQLite's own buffer: a
            // copy of their 5.6 MB would be fresh memory, faulted in to be read once.
            let parts = try db.prepare("SELECT part, data FROM city_points WHERE part IN ('names', 'owners', 'reaches', 'records') ORDER BY part")
            func next(_ part: String) throws {
                guard try parts.step(), parts.string(0) == part else { throw GazetteerError(path: gazetteer.path, reason: "city_points has no \(part)") }
            }
            try next("names")
            let names = parts.blob(1)
            try next("owners")
            let owners = parts.blob(1)
            try next("reaches")
            let reaches = parts.blob(1)
            try next("records")
            t.cities = try parts.withBlob(1) { records in
                try Self.unpack(records: records, names: names, regionCount: t.regions.count, countryCount: t.countries.count, path: gazetteer.path)
            }
            (t.cities.owner, t.metropolises) = try Self.unpack(owners: owners, reaches: reaches, cities: t.cities, path: gazetteer.path)

            let airports = try db.prepare("SELECT iata, icao, name, size, lat, lon FROM airports ORDER BY iata")
            while try airports.step() {
                t.airports.append(Airport(iata: airports.string(0)!, icao: airports.string(1), name: airports.string(2)!,
                                          size: AirportSize(rawValue: airports.string(3)!) ?? .small,
                                          latitude: airports.double(4), longitude: airports.double(5)))
            }
        } }
        return t
    }

    /// The `city_points` layout (Tools/gazetteer/README.md): 24-byte little-endian records of
    /// geonameid u32, country u16, region u16 (0xFFFF none), lat f64, lon f64; NUL-ended names.
    static func unpack(records raw: UnsafeRawBufferPointer, names: [UInt8], regionCount: Int, countryCount: Int, path: String) throws -> Cities {
        let count = raw.count / 24
        guard raw.count % 24 == 0 else { throw GazetteerError(path: path, reason: "city_points records are not 24-byte aligned") }
        var c = Cities()
        // Column by column straight into uninitialised storage: five appends per city, each
        // checking its capacity, cost more than reading the records.
        func column<T>(_ offset: Int, _ as: T.Type, _ make: (T) -> Int32) -> Column<Int32> where T: FixedWidthInteger {
            Column([Int32](unsafeUninitializedCapacity: count) { out, n in
                for i in 0..<count { out[i] = make(T(littleEndian: raw.loadUnaligned(fromByteOffset: i * 24 + offset, as: T.self))) }
                n = count
            })
        }
        func coordinate(_ offset: Int) -> Column<Double> {
            Column([Double](unsafeUninitializedCapacity: count) { out, n in
                for i in 0..<count { out[i] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 24 + offset, as: UInt64.self))) }
                n = count
            })
        }
        c.geonameIDs = column(0, UInt32.self) { Int32(bitPattern: $0) }
        c.country = column(4, UInt16.self) { Int32($0) }
        c.region = column(6, UInt16.self) { $0 == 0xFFFF ? -1 : Int32($0) }
        c.latitudes = coordinate(8)
        c.longitudes = coordinate(16)
        for i in 0..<count where c.country[i] >= countryCount || c.region[i] >= regionCount {
            throw GazetteerError(path: path, reason: "city \(UInt32(bitPattern: c.geonameIDs[i])) refers to a missing country or region")
        }
        c.nameBytes = Column(names)
        var nameStart: [Int32] = [0]
        nameStart.reserveCapacity(count + 1)
        for (i, byte) in names.enumerated() where byte == 0 { nameStart.append(Int32(i + 1)) }
        guard nameStart.count == count + 1 else { throw GazetteerError(path: path, reason: "city_points has \(nameStart.count - 1) names for \(count) cities") }
        c.nameStart = Column(nameStart)
        return c
    }

    /// The `owners` part (position u32 and its city's position u32 per district; the rest are
    /// cities) and the `reaches` part (position u32, reach f32 per metropolis), checked: an
    /// owner must be a city.
    static func unpack(owners: [UInt8], reaches: [UInt8], cities: Cities, path: String) throws -> (Column<Int32>, [(city: Int32, reachKm: Double)]) {
        let count = cities.count
        guard owners.count % 8 == 0, reaches.count % 8 == 0 else { throw GazetteerError(path: path, reason: "city_points owners or reaches have the wrong size") }
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
            UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) })
        }
        var owner = Array(0..<Int32(count))
        for at in stride(from: 0, to: owners.count, by: 8) {
            let district = u32(owners, at), city = u32(owners, at + 4)
            guard district < count, city < count, district != city else { throw GazetteerError(path: path, reason: "city_points owners name a missing entry") }
            owner[Int(district)] = Int32(city)
        }
        for i in 0..<count where owner[Int(owner[i])] != owner[i] {
            throw GazetteerError(path: path, reason: "city \(UInt32(bitPattern: cities.geonameIDs[i])) belongs to an entry that is no city")
        }
        var metropolises: [(city: Int32, reachKm: Double)] = []
        for at in stride(from: 0, to: reaches.count, by: 8) {
            let city = u32(reaches, at), reach = Double(Float(bitPattern: u32(reaches, at + 4)))
            guard city < count, owner[Int(city)] == Int32(city), reach.isFinite, reach > 0 else {
                throw GazetteerError(path: path, reason: "city_points reaches name an entry that is no city")
            }
            metropolises.append((Int32(city), reach))
        }
        return (Column(owner), metropolises)
    }

    /// The `cities` table's populations in position order (GeoNames id order, as `city_points`).
    static func populations(of gazetteer: Gazetteer, count: Int) throws -> [Int32] {
        try gazetteer.withOwnConnection { db in try db.withMemoryMap {
            var populations: [Int32] = []
            populations.reserveCapacity(count)
            let s = try db.prepare("SELECT population FROM cities ORDER BY geonameid")
            while try s.step() { populations.append(Int32(clamping: s.int(0))) }
            guard populations.count == count else {
                throw GazetteerError(path: gazetteer.path, reason: "cities has \(populations.count) rows for \(count) city points")
            }
            return populations
        } }
    }
}
