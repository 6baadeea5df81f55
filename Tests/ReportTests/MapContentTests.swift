import Foundation
import AtlasMap
import Gazetteer
import Passport
import Testing
import TravelLog
@testable import Report

@Suite struct MapContentTests {
    static let gazetteer = try! Gazetteer.open()
    static let regions = try! MapShape.load(.region, from: gazetteer)

    var stats: PassportStats {
        Traveller.passport.stats(scheme: try! CountingScheme.load(.un, from: Self.gazetteer))
    }

    @Test func countriesAreFilledByTheirDays() throws {
        let content = try MapContent(Traveller.passport, level: .country, stats: stats, title: "Countries visited", gazetteer: Self.gazetteer)
        #expect(content.days == ["country:FR": 24, "country:PT": 3, "country:IT": 2])
        #expect(content.subtitle == "3 of 195 countries · 4 cities")
        #expect(content.attribution.contains("GeoNames"))
        #expect(content.box == nil)
    }

    @Test func regionMapsCountRegionsToo() throws {
        let content = try MapContent(Traveller.passport, level: .region, stats: stats, title: "Regions", gazetteer: Self.gazetteer)
        #expect(content.days["region:FR.84"] == 22 && content.days["region:FR.11"] == 2 && content.days["country:FR"] == 24)
        #expect(content.subtitle == "3 of 195 countries · 4 regions · 4 cities")
    }

    /// A city is drawn where the gazetteer puts it, never where a photo was taken.
    @Test func citiesStandAtTheGazetteersPointNotThePhotos() throws {
        let content = try MapContent(Traveller.passport, level: .country, stats: stats, title: "", gazetteer: Self.gazetteer)
        let lyon = try #require(content.cities.first { $0.id == "city:2996944" })
        let point = try #require(try Self.gazetteer.place(PlaceID("city:2996944")!)?.coordinate)
        #expect(lyon.latitude == point.latitude && lyon.longitude == point.longitude && lyon.days == 22)
        #expect(lyon.latitude != Traveller.lyon.lat && lyon.longitude != Traveller.lyon.lon)
        #expect(Set(content.cities.map(\.id)) == ["city:2996944", "city:2988507", "city:2267057", "city:3173435"])
    }

    @Test func aTripIsZoomedToItsPlaces() throws {
        let trip = try #require(Traveller.passport.trips().first { $0.start == "2024-06-03" })
        let content = try MapContent(trip, level: .country, gazetteer: Self.gazetteer)
        #expect(content.title == trip.title && content.days == ["country:PT": 3, "country:IT": 2])
        #expect(content.subtitle == "5 days · 2 countries · 2 cities")
        let box = try #require(content.box)
        for city in content.cities { #expect(box.contains(longitude: city.longitude, latitude: city.latitude)) }
        #expect(box.east - box.west < 40 && !box.contains(longitude: 139.7, latitude: 35.7))
    }

    /// A country marked without a date is visited all the same: filled, said to have no date.
    @Test func anUndatedVisitIsFilled() throws {
        var mark = Mark(placeID: "country:IS", placeName: "Iceland")
        (mark.continent, mark.country) = (PlaceLink(id: "continent:EU", name: "Europe"), PlaceLink(id: "country:IS", name: "Iceland"))
        let passport = Passport(photos: Traveller.photos, marks: [mark])
        let content = try MapContent(passport, level: .country, stats: passport.stats(scheme: try CountingScheme.load(.un, from: Self.gazetteer)),
                                     title: "", gazetteer: Self.gazetteer)
        #expect(content.days["country:IS"] == 0)
        let shapes = try MapShape.load(.country, from: Self.gazetteer).filter { ["country:IS", "country:FR"].contains($0.id) }
        let svg = MapPicture(content: content, countries: shapes).svg(standalone: false)
        #expect(svg.contains("<path data-id=\"country:IS\" class=\"visited d1\""))
        #expect(svg.contains("<title>Iceland · no date</title>") && svg.contains("<title>France · 24 days</title>"))
    }

    @Test func noSpotsOrSpotsAllRoundTheWorldShowTheWorld() throws {
        #expect(MapContent.box(around: []) == nil)
        func spot(_ lon: Double, _ lat: Double) -> MapContent.Spot { .init(id: "city:\(lon)", name: "", longitude: lon, latitude: lat, days: 1) }
        // Vancouver, Lisbon, Tokyo, Auckland, Apia: no narrow box holds them.
        #expect(MapContent.box(around: [spot(-123.1, 49.3), spot(-9.1, 38.7), spot(139.7, 35.7), spot(174.8, -36.8), spot(-171.8, -13.8)]) == nil)
        // Fiji and Samoa: a window across the antimeridian.
        let pacific = try #require(MapContent.box(around: [spot(177.4, -17.8), spot(-171.8, -13.8)]))
        #expect(pacific.crossesAntimeridian && pacific.east - pacific.west < 30)
    }

    /// A city break shows the countries and coast around it: at least 800 km across.
    @Test func aOneCityWindowIsAtLeast800KilometresAcross() throws {
        let berlin = MapContent.Spot(id: "city:2950159", name: "Berlin", longitude: 13.4, latitude: 52.5, days: 3)
        let box = try #require(MapContent.box(around: [berlin]))
        let km = (box.east - box.west) * 111.2 * cos(52.5 * .pi / 180)
        #expect(km >= 799 && km < 900, "\(km)")
        #expect((box.north - box.south) * 111.2 >= 479)
        #expect(box.contains(longitude: 13.4, latitude: 52.5))
    }

    /// The places filled are framed whole, not only their cities: Lisbon's region and Uusimaa.
    @Test func aTripIsFramedRoundItsRegionsWhole() throws {
        let shapes = Dictionary(Self.regions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var content = MapContent(title: "", subtitle: "")
        content.days = ["region:PT.14": 2, "region:FI.01": 2, "country:PT": 2, "country:FI": 2]
        content.cities = [.init(id: "city:2267057", name: "Lisbon", longitude: -9.14, latitude: 38.72, days: 2),
                          .init(id: "city:658225", name: "Helsinki", longitude: 24.94, latitude: 60.17, days: 2)]
        let extents = content.extents(in: shapes)
        #expect(extents.count == 2)
        let box = try #require(MapContent.box(around: content.cities, extents: extents))
        for e in extents {
            #expect(box.west < e.west && box.east > e.east && box.south < e.south && box.north > e.north, "\(e) in \(box)")
        }
    }
}
