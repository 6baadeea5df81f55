import Foundation
import TravelLog

/// The visit model of a travel log: which continents, countries, regions, cities, districts and
/// airports the traveller has been to, on which days, from qualifying photos and marks.
///
/// ```swift
/// let passport = try Passport(log: TravelLog(path: path, readOnly: true))
/// for country in passport.visits(.country) { print(country.name, country.days.count) }
/// ```
///
/// Rules: a photo qualifies when it has a country, was not taken in flight (altitude above
/// 9,000 m or speed above 250 km/h) and was not in transit (on that local date, every photo in
/// that country has an airport in its snapshot). A mark counts like a qualifying photo for its
/// place and the places above it (a district's city among them). Airports are visited by any photo taken at them that is not
/// in flight, layovers included.
///
/// A value type built once; `Sendable`.
public struct Passport: Sendable {
    public enum Level: String, Sendable, CaseIterable {
        case continent, country, region, city, district, airport
    }

    public static let flightAltitudeMeters = 9_000.0
    public static let flightSpeedKmh = 250.0

    /// Every photo with a position or a hand-set place, by local time then path.
    public let photos: [PassportPhoto]
    public let marks: [Mark]
    private let visitsByLevel: [Level: [Visit]]

    public init(log: TravelLog) throws {
        try self.init(photos: Self.loadPhotos(log), marks: log.marks())
    }

    public init(photos: [PassportPhoto], marks: [Mark]) {
        let classified = Self.classify(photos)
        self.photos = classified
        self.marks = marks
        visitsByLevel = Self.visits(classified, marks)
    }

    /// The visited places of one level, sorted by identifier.
    public func visits(_ level: Level) -> [Visit] { visitsByLevel[level] ?? [] }

    public func photos(_ status: PassportPhoto.Status) -> [PassportPhoto] { photos.filter { $0.status == status } }

    /// Flight first, then transit per (country, local date).
    static func classify(_ photos: [PassportPhoto]) -> [PassportPhoto] {
        var out = photos
        for i in out.indices {
            out[i].status = out[i].country == nil ? .unplaced : out[i].isInFlight ? .flight : .visit
        }
        // A (country, date) is transit when every grounded photo of it was taken at an airport.
        var allAtAirports: [String: Bool] = [:]
        for p in out where p.status == .visit && !p.isHandSet {
            guard let country = p.country?.id, let date = p.localDate else { continue }
            allAtAirports[country + " " + date, default: true] = allAtAirports[country + " " + date, default: true] && p.airport != nil
        }
        for p in out where p.status == .visit && p.isHandSet {
            if let country = p.country?.id, let date = p.localDate { allAtAirports[country + " " + date] = false }
        }
        for i in out.indices where out[i].status == .visit {
            if let country = out[i].country?.id, let date = out[i].localDate, allAtAirports[country + " " + date] == true {
                out[i].status = .transit
            }
        }
        return out
    }

    static func visits(_ photos: [PassportPhoto], _ marks: [Mark]) -> [Level: [Visit]] {
        var table: [Level: [String: Visit]] = [:]
        func touch(_ level: Level, _ link: PassportPhoto.Link?, _ day: String?, photo: Bool,
                   continent: PassportPhoto.Link?, country: PassportPhoto.Link?, region: PassportPhoto.Link?, city: PassportPhoto.Link? = nil) {
            guard let link else { return }
            var v = table[level]?[link.id] ?? Visit(kind: level.rawValue, id: link.id, name: link.name)
            if level != .continent { v.continent = v.continent ?? continent }
            if level != .continent && level != .country { v.country = v.country ?? country }
            if level == .city || level == .district || level == .airport { v.region = v.region ?? region }
            if level == .district { v.city = v.city ?? city }
            v.add(day: day)
            if photo { v.photos += 1 } else { v.marks += 1 }
            table[level, default: [:]][link.id] = v
        }
        for p in photos {
            if p.status != .flight, p.country != nil {
                touch(.airport, p.airport, p.localDate, photo: true, continent: p.continent, country: p.country, region: p.region)
            }
            guard p.status == .visit else { continue }
            touch(.continent, p.continent, p.localDate, photo: true, continent: nil, country: nil, region: nil)
            touch(.country, p.country, p.localDate, photo: true, continent: p.continent, country: nil, region: nil)
            touch(.region, p.region, p.localDate, photo: true, continent: p.continent, country: p.country, region: nil)
            touch(.city, p.city, p.localDate, photo: true, continent: p.continent, country: p.country, region: p.region)
            touch(.district, p.district, p.localDate, photo: true, continent: p.continent, country: p.country, region: p.region, city: p.city)
        }
        for m in marks {
            let link = { (pair: (id: String, name: String)?) in pair.map { PassportPhoto.Link(id: $0.id, name: $0.name) } }
            let (continent, country, region, city) = (link(m.continent), link(m.country), link(m.region), link(m.city))
            touch(.continent, continent, m.date, photo: false, continent: nil, country: nil, region: nil)
            touch(.country, country, m.date, photo: false, continent: continent, country: nil, region: nil)
            touch(.region, region, m.date, photo: false, continent: continent, country: country, region: nil)
            touch(.city, city, m.date, photo: false, continent: continent, country: country, region: region)
            // A mark's snapshot stops at the city: a district or an airport is the marked place itself.
            if m.placeID.hasPrefix("district:") {
                touch(.district, .init(id: m.placeID, name: m.placeName), m.date, photo: false, continent: continent, country: country, region: region,
                      city: city)
            }
            if m.placeID.hasPrefix("airport:") {
                touch(.airport, .init(id: m.placeID, name: m.placeName), m.date, photo: false, continent: continent, country: country, region: region)
            }
        }
        return table.mapValues { $0.values.sorted { $0.id < $1.id } }
    }
}

extension Passport {
    /// The passport of one calendar year: the photos and dated marks of that year only.
    public func restricted(toYear year: Int) -> Passport {
        let prefix = String(format: "%04d-", year)
        return Passport(photos: photos.filter { $0.localDate?.hasPrefix(prefix) == true },
                        marks: marks.filter { $0.date?.hasPrefix(prefix) == true })
    }
}
