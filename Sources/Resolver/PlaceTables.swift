import Foundation
import Gazetteer
import SQLite

/// The names and codes the resolver needs, read once from the gazetteer into arrays, so a
/// resolution never touches SQLite.
struct PlaceTables: Sendable {
    struct Country: Sendable { let iso2: String, iso3: String?, name: String, continent: String }
    struct Region: Sendable { let id: String, name: String, isoCode: String?, country: Int32 }
    struct Airport: Sendable { let iata: String, icao: String?, name: String, size: AirportSize, latitude: Double, longitude: Double }

    /// Column-wise, for cache-friendly loading and searching.
    struct Cities: Sendable {
        var geonameIDs: [Int] = []
        var names: [String] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var region: [Int32] = []
        var country: [Int32] = []
        var count: Int { geonameIDs.count }
    }

    var continents: [String: String] = [:]
    var countries: [Country] = []
    var countryIndex: [String: Int] = [:]
    var regions: [Region] = []
    var regionIndex: [String: Int] = [:]
    var cities = Cities()
    var airports: [Airport] = []

    static func load(from gazetteer: Gazetteer) throws -> PlaceTables {
        var t = PlaceTables()
        try gazetteer.withDatabase { db in
            let continents = try db.prepare("SELECT code, name FROM continents")
            while try continents.step() { t.continents[continents.string(0)!] = continents.string(1) }

            let countries = try db.prepare("SELECT iso2, iso3, name, continent FROM countries ORDER BY iso2")
            while try countries.step() {
                t.countryIndex[countries.string(0)!] = t.countries.count
                t.countries.append(Country(iso2: countries.string(0)!, iso3: countries.string(1), name: countries.string(2)!, continent: countries.string(3)!))
            }

            let regions = try db.prepare("SELECT id, name, iso_code, country FROM regions ORDER BY id")
            while try regions.step() {
                t.regionIndex[regions.string(0)!] = t.regions.count
                t.regions.append(Region(id: regions.string(0)!, name: regions.string(1)!, isoCode: regions.string(2),
                                        country: Int32(t.countryIndex[regions.string(3)!] ?? -1)))
            }

            let cities = try db.prepare("SELECT geonameid, name, lat, lon, country, region FROM cities ORDER BY geonameid")
            t.cities.geonameIDs.reserveCapacity(240_000)
            while try cities.step() {
                t.cities.geonameIDs.append(cities.int(0))
                t.cities.names.append(cities.string(1)!)
                t.cities.latitudes.append(cities.double(2))
                t.cities.longitudes.append(cities.double(3))
                t.cities.country.append(Int32(t.countryIndex[cities.string(4)!] ?? -1))
                t.cities.region.append(cities.isNull(5) ? -1 : Int32(t.regionIndex[cities.string(5)!] ?? -1))
            }

            let airports = try db.prepare("SELECT iata, icao, name, size, lat, lon FROM airports ORDER BY iata")
            while try airports.step() {
                t.airports.append(Airport(iata: airports.string(0)!, icao: airports.string(1), name: airports.string(2)!,
                                          size: AirportSize(rawValue: airports.string(3)!) ?? .small,
                                          latitude: airports.double(4), longitude: airports.double(5)))
            }
        }
        return t
    }
}
