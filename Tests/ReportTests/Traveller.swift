import Foundation
import Passport
import TravelLog

/// A small traveller held in memory: at home in Lyon most months of 2022 and 2024, Paris in
/// May 2022, and a trip in June 2024 to Lisbon then Milan. The photos' positions are a little
/// off the cities' centres and their paths name the owner, so a share-safe page can be checked
/// for leaking either.
enum Traveller {
    struct Spot {
        let lat: Double, lon: Double, continent: String, country: PlaceLink, region: PlaceLink, city: PlaceLink
    }

    static let lyon = Spot(lat: 45.76401, lon: 4.83573, continent: "EU", country: .init(id: "country:FR", name: "France"),
                           region: .init(id: "region:FR.84", name: "Auvergne-Rhône-Alpes"), city: .init(id: "city:2996944", name: "Lyon"))
    static let paris = Spot(lat: 48.85661, lon: 2.35222, continent: "EU", country: .init(id: "country:FR", name: "France"),
                            region: .init(id: "region:FR.11", name: "Île-de-France"), city: .init(id: "city:2988507", name: "Paris"))
    static let lisbon = Spot(lat: 38.72231, lon: -9.13933, continent: "EU", country: .init(id: "country:PT", name: "Portugal"),
                             region: .init(id: "region:PT.14", name: "Lisboa"), city: .init(id: "city:2267057", name: "Lisbon"))
    static let milan = Spot(lat: 45.46421, lon: 9.19001, continent: "EU", country: .init(id: "country:IT", name: "Italy"),
                            region: .init(id: "region:IT.09", name: "Lombardia"), city: .init(id: "city:3173435", name: "Milan"))

    static func photo(_ date: String, _ spot: Spot) -> VisitPhoto {
        var p = VisitPhoto(path: "/home/ana/Pictures/\(date.prefix(4))/\(spot.city.name)/\(date).jpg")
        (p.takenLocal, p.utcOffsetSeconds, p.latitude, p.longitude) = (date + "T12:00:00", 7200, spot.lat, spot.lon)
        p.continent = PlaceLink(id: "continent:" + spot.continent, name: "Europe")
        (p.country, p.region, p.city) = (spot.country, spot.region, spot.city)
        return p
    }

    static let photos: [VisitPhoto] = {
        var all: [VisitPhoto] = []
        for year in [2022, 2024] {
            for month in 1...12 where month != 6 { all.append(photo(String(format: "%04d-%02d-10", year, month), lyon)) }
        }
        all += ["2022-05-20", "2022-05-21"].map { photo($0, paris) }
        all += ["2024-06-03", "2024-06-04", "2024-06-05"].map { photo($0, lisbon) }
        all += ["2024-06-06", "2024-06-07"].map { photo($0, milan) }
        return all
    }()

    static let passport = Passport(photos: photos, marks: [])
}
