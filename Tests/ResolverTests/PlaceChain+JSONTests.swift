import Gazetteer
import JSONWriter
import Testing
@testable import Resolver

/// The chain's JSON, as `atlas resolve --json` and `--batch` print it and library consumers get it.
@Suite struct PlaceChainJSONTests {
    @Test func everyFieldInItsOrderWithNumbersAsNumbers() {
        let chain = PlaceChain(coordinate: GeoCoordinate(latitude: 45.7623, longitude: 4.8224),
                               places: PlaceLineage(continent: .init(id: PlaceID(.continent, "EU"), name: "Europe"),
                                                    country: .init(id: PlaceID(.country, "FR"), name: "France", code: "FRA"),
                                                    region: .init(id: PlaceID(.region, "FR.84"), name: "Auvergne-Rhône-Alpes", code: "FR-ARA"),
                                                    city: .init(id: PlaceID(.city, "2996944"), name: "Lyon", distanceKm: 1.23456),
                                                    district: .init(id: PlaceID(.district, "6543971"), name: "Lyon 05", distanceKm: 0.4)),
                               waters: .land, borderKm: nil, boundaryQuality: "natural-earth-lines",
                               nearestCityElsewhere: false, timeZone: "Europe/Paris")
        let expected = #"{"lat":45.7623,"lon":4.8224,"waters":"land","continent":{"id":"continent:EU","name":"Europe"},"#
            + #""country":{"id":"country:FR","name":"France","iso3":"FRA"},"#
            + #""region":{"id":"region:FR.84","name":"Auvergne-Rhône-Alpes","iso":"FR-ARA"},"subregion":null,"#
            + #""city":{"id":"city:2996944","name":"Lyon","distance_km":1.235},"district":{"id":"district:6543971","name":"Lyon 05","distance_km":0.4},"#
            + #""airport":null,"nearest_place":null,"border_km":null,"boundary_quality":"natural-earth-lines","nearest_city_elsewhere":false,"#
            + #""time_zone":"Europe/Paris"}"#
        #expect(chain.json() == expected)
        var stream = JSONStream()
        chain.write(to: &stream, id: .string("a"))
        #expect(String(decoding: stream.bytes, as: UTF8.self) == #"{"id":"a","# + expected.dropFirst())
        #expect(chain.json(id: .numberText("1.5e3")).hasPrefix(#"{"id":1.5e3,"lat":45.7623,"#))
    }

    @Test func atSeaEveryPlaceIsNull() {
        let chain = PlaceChain(coordinate: GeoCoordinate(latitude: 30, longitude: -40), waters: .international)
        #expect(chain.json(id: .string("b")) == #"{"id":"b","lat":30,"lon":-40,"waters":"international","continent":null,"country":null,"#
            + #""region":null,"subregion":null,"city":null,"district":null,"airport":null,"nearest_place":null,"border_km":null,"boundary_quality":null,"nearest_city_elsewhere":false,"time_zone":"Etc/GMT+3"}"#)
    }

    /// The ocean's zones are 15° strips centred on whole hours, signed as POSIX does; the two
    /// beside the antimeridian are half strips. Worked out here from the hour of each strip.
    @Test(arguments: [(0.0, "Etc/GMT"), (7.49, "Etc/GMT"), (7.5, "Etc/GMT-1"), (-7.51, "Etc/GMT+1"), (-40, "Etc/GMT+3"),
                      (100, "Etc/GMT-7"), (172.49, "Etc/GMT-11"), (172.5, "Etc/GMT-12"), (180, "Etc/GMT-12"),
                      (-172.5, "Etc/GMT+11"), (-172.51, "Etc/GMT+12"), (-180, "Etc/GMT+12")])
    func nauticalZones(longitude: Double, zone: String) {
        #expect(PlaceChain.nauticalZone(longitude: longitude) == zone)
    }

    /// The README's example line, from the real gazetteer.
    @Test(.enabled(if: (try? GazetteerLocation.resolve(explicit: nil)) != nil, "no gazetteer in Resources/"))
    func montanaAsTheReadmeShowsIt() throws {
        let chain = try Resolver(gazetteer: Gazetteer.open()).resolve(GeoCoordinate(latitude: 47.80, longitude: -104.06))
        #expect(chain.json(id: .string("a")) == #"{"id":"a","lat":47.8,"lon":-104.06,"waters":"land","continent":{"id":"continent:NA","name":"North America"},"country":{"id":"country:US","name":"United States","iso3":"USA"},"region":{"id":"region:US.MT","name":"Montana","iso":"US-MT"},"subregion":{"id":"subregion:US.MT.083","name":"Richland County","type":"County","basis":"polygon"},"city":{"id":"city:5651400","name":"Fairview","distance_km":6.373},"district":null,"airport":null,"nearest_place":null,"border_km":1.026,"boundary_quality":"natural-earth-lines","nearest_city_elsewhere":false,"time_zone":"America/Denver"}"#)
    }
}
