import Foundation
import Testing
import TravelLog
@testable import Passport

/// GeoJSON tracks: the structure RFC 7946 asks, checked here member by member, and the
/// positions, days and cities of ``NewYearInTokyo``'s trip and years.
@Suite struct TrackExportGeoJSONTests {
    typealias Fixture = NewYearInTokyo

    /// Every way `collection` breaks RFC 7946 or the track's own shape, as `path: problem`:
    /// a FeatureCollection of Features with exactly the members written, each geometry a Point
    /// or a LineString of at least two positions, each position `[longitude, latitude]` in
    /// range, no `crs`, and the properties of a day or a city.
    static func problems(_ collection: JSON) -> [String] {
        var out: [String] = []
        func keys(_ value: JSON?, _ expected: Set<String>, _ at: String) -> Bool {
            guard case .object(let o)? = value else { out.append("\(at): not an object"); return false }
            if Set(o.keys) != expected { out.append("\(at): members \(o.keys.sorted()), not \(expected.sorted())") }
            return true
        }
        func position(_ value: JSON, _ at: String) {
            guard case .array(let p) = value, p.count == 2, let lon = p[0].number, let lat = p[1].number else {
                return out.append("\(at): not [longitude, latitude]")
            }
            if !(-180...180).contains(lon) { out.append("\(at): longitude \(lon)") }
            if !(-90...90).contains(lat) { out.append("\(at): latitude \(lat)") }
        }
        guard keys(collection, ["type", "features"], "$"), collection["type"] == .string("FeatureCollection"),
              case .array(let features)? = collection["features"] else { return out + ["$: not a FeatureCollection"] }
        for (i, feature) in features.enumerated() {
            let at = "$.features[\(i)]"
            guard keys(feature, ["type", "geometry", "properties"], at), feature["type"] == .string("Feature") else { out.append("\(at): not a Feature"); continue }
            if keys(feature["geometry"], ["type", "coordinates"], at + ".geometry") {
                switch (feature["geometry"]?["type"], feature["geometry"]?["coordinates"]) {
                case (.string("Point")?, let p?): position(p, at + ".geometry")
                case (.string("LineString")?, .array(let line)?):
                    if line.count < 2 { out.append("\(at): a LineString of \(line.count) position") }
                    for p in line { position(p, at + ".geometry") }
                default: out.append("\(at): geometry neither Point nor LineString")
                }
            }
            switch feature["properties"]?["kind"] {
            case .string("day")?:
                _ = keys(feature["properties"], ["kind", "date", "photos"], at + ".properties")
                guard case .string(let date)? = feature["properties"]?["date"], CalendarDay(date) != nil else { out.append("\(at): date"); break }
                guard case .int(let photos)? = feature["properties"]?["photos"], photos > 0 else { out.append("\(at): photos"); break }
                let positions: Int
                if case .array(let line)? = feature["geometry"]?["coordinates"], feature["geometry"]?["type"] == .string("LineString") { positions = line.count } else { positions = 1 }
                if positions != photos { out.append("\(at): \(photos) photos, \(positions) positions") }
            case .string("city")?:
                _ = keys(feature["properties"], ["kind", "id", "name", "country", "days"], at + ".properties")
                if feature["geometry"]?["type"] != .string("Point") { out.append("\(at): a city not a Point") }
            default: out.append("\(at): kind")
            }
        }
        return out
    }

    static func write(_ track: TrackExport, _ log: TravelLog) throws -> (text: String, written: TrackExport.Written) {
        var bytes: [UInt8] = []
        let written = try track.write(.geojson, from: log) { bytes += $0 }
        return (String(decoding: bytes, as: UTF8.self), written)
    }

    static func positions(_ feature: JSON) -> [[Double]] {
        switch feature["geometry"]?["coordinates"] {
        case .array(let a)? where a.first?.number != nil: return [a.compactMap(\.number)]
        case .array(let line)?: return line.map { if case .array(let p) = $0 { p.compactMap(\.number) } else { [] } }
        default: return []
        }
    }

    static func features(_ collection: JSON, kind: String) -> [JSON] {
        guard case .array(let all)? = collection["features"] else { return [] }
        return all.filter { $0["properties"]?["kind"] == .string(kind) }
    }

    @Test func theTripIsOneFeaturePerDayThenOnePerCityLongitudeFirst() throws {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let passport = try Passport(log: log)
        let trip = try require(Trip.find("2025-01-02", in: passport.trips()))
        let track = TrackExport(trip: trip, passport: passport)
        let (text, written) = try Self.write(track, log)
        let collection = try JSON.parse(text)
        #expect(Self.problems(collection) == [])
        #expect(!text.contains("crs") && text.hasSuffix("\n]}\n"))

        let expected = Fixture.expectedDays(trip.start, trip.end)
        let days = Self.features(collection, kind: "day")
        #expect(days.map { $0["properties"]?["date"] } == expected.map { .string($0.date) })
        #expect(days.map { $0["properties"]?["photos"] } == expected.map { .int($0.shots.count) })
        #expect(written == TrackExport.Written(points: expected.map(\.shots.count).reduce(0, +), days: expected.count))
        for (feature, day) in zip(days, expected) {
            #expect(feature["geometry"]?["type"] == .string(day.shots.count == 1 ? "Point" : "LineString"), "\(day.date)")
            let got = Self.positions(feature)
            #expect(got.count == day.shots.count, "\(day.date)")
            for (p, shot) in zip(got, day.shots) {
                #expect(p.count == 2 && abs(p[0] - shot.spot!.lon) <= 1e-7 && abs(p[1] - shot.spot!.lat) <= 1e-7, "\(day.date) \(shot.path)")
            }
        }
        // Tokyo at 139.65 east, 35.68 north: the longitude comes first (as a latitude it would be out of range).
        #expect(Self.positions(days[1]).first == [Fixture.tokyo.lon, Fixture.tokyo.lat])
        #expect(days.last?["geometry"]?["type"] == .string("Point"))

        let cities = Self.features(collection, kind: "city")
        #expect(cities.count == track.cities.count && !cities.isEmpty)
        for (feature, city) in zip(cities, track.cities) {
            #expect(feature["properties"]?["id"] == .string(city.place.id) && feature["properties"]?["name"] == .string(city.place.name))
            #expect(feature["properties"]?["country"] == city.country.map { .string($0.name) } && feature["properties"]?["days"] == .int(city.days))
            let p = Self.positions(feature).first ?? []
            #expect(p.count == 2 && abs(p[0] - city.longitude) <= 5e-8 && abs(p[1] - city.latitude) <= 5e-8, "\(city.place.name)")
        }
        // Each Feature on a line of its own, its members in the order written.
        let lines = text.split(separator: "\n")
        #expect(lines.first == #"{"type":"FeatureCollection","features":["# && lines.last == "]}")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix(#"{"type":"Feature","geometry":{"type":""#) })
        #expect(lines.count == days.count + cities.count + 2)
        #expect(try Self.write(track, log).text == text)
    }

    @Test func cityPrecisionWritesATenthOfADegree() throws {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let passport = try Passport(log: log)
        let track = TrackExport(year: 2024, passport: passport, precision: .city)
        let collection = try JSON.parse(Self.write(track, log).text)
        #expect(Self.problems(collection) == [])
        func tenth(_ x: Double) -> Double { Double(String(format: "%.1f", x))! }
        let shots = Fixture.expectedDays(track.first, track.last).flatMap(\.shots)
        let got = Self.features(collection, kind: "day").flatMap(Self.positions)
        #expect(got == shots.map { [tenth($0.spot!.lon), tenth($0.spot!.lat)] })
        for (feature, city) in zip(Self.features(collection, kind: "city"), track.cities) {
            #expect(Self.positions(feature) == [[tenth(city.longitude), tenth(city.latitude)]], "\(city.place.name)")
        }
        #expect(Self.features(collection, kind: "city").map { $0["properties"]?["name"] } == [.string("Tokyo"), .string("Kyoto"), .string("Lyon")])
    }

    @Test func aYearWithoutPhotosIsAnEmptyCollection() throws {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let (text, written) = try Self.write(TrackExport(year: 2023, passport: try Passport(log: log)), log)
        #expect(text == "{\"type\":\"FeatureCollection\",\"features\":[]}\n" && written == TrackExport.Written())
        #expect(Self.problems(try JSON.parse(text)) == [])
    }

    @Test func theCheckCatchesWhatItLooksFor() throws {
        let good = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[139.7,35.7]},"properties":{"kind":"day","date":"2024-12-29","photos":1}}"#
        func collection(_ feature: String) throws -> JSON { try JSON.parse(#"{"type":"FeatureCollection","features":["# + feature + "]}") }
        #expect(Self.problems(try collection(good)) == [])
        for bad in [good.replacingOccurrences(of: "[139.7,35.7]", with: "[35.7,139.7]"),
                    good.replacingOccurrences(of: #""type":"Point","coordinates":[139.7,35.7]"#, with: #""type":"LineString","coordinates":[[139.7,35.7]]"#),
                    good.replacingOccurrences(of: #""properties""#, with: #""crs":null,"properties""#),
                    good.replacingOccurrences(of: #""photos":1"#, with: #""photos":2"#)] {
            #expect(Self.problems(try collection(bad)) != [], "\(bad)")
        }
    }
}
