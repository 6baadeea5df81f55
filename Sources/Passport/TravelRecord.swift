import Foundation
import Gazetteer
import Heap
import JSONWriter
import TravelLog

/// The JSON travel record `atlas export` writes: one document with the passport, the visited
/// places as a tree (continents > countries > regions > cities > districts), the airports, the marks and,
/// optionally, every photo. Keys come in a fixed order, arrays sorted by identifier (photos by
/// local time then path), dates in ISO 8601: the same log gives the same bytes. The shape is
/// `Resources/travel-record.schema.json`.
///
/// ```swift
/// let record = TravelRecord(passport: passport, scheme: scheme, gazetteerVersion: gazetteer.version)
/// try record.write(photosFrom: log) { bytes in try handle.write(contentsOf: bytes) }
/// ```
///
/// The photos are streamed from the log a day at a time: a record of a million photos is never
/// held in memory, as a document or as photos.
///
/// A value type; `Sendable`.
public struct TravelRecord: Sendable {
    /// How precisely the photos' positions are written.
    public enum Coordinates: String, Sendable, CaseIterable {
        /// As recorded (6 decimals, about 10 cm).
        case exact
        /// Rounded to 0.1° (about 11 km): the city, not the street.
        case city
        /// No position at all.
        case none

        /// `value` (a latitude or longitude) at this precision; nil for none.
        public func rounded(_ value: Double) -> Double? {
            switch self {
            case .exact: value
            case .city: (value * 10).rounded() / 10
            case .none: nil
            }
        }

        /// The decimals a position is written with.
        public var digits: Int { self == .city ? 1 : 7 }
    }

    /// 2 added the districts: in each photo's snapshot and below each city of the tree; 3 made
    /// the passport's `busiest_year.year` a number, as every year and count is; 4 added each
    /// photo's `position_source`; 5 the homes, the trips with their edits, the flights and the
    /// years in review; 6 each visit's `history_days` and `flights`, the location histories with
    /// the days they give, and the days present with the day rules' results (`days_present`); 7
    /// the subregions: in each snapshot and below each region of the tree; 8 the milestones.
    public static let schemaVersion = 8
    /// The versions ``restore(_:into:)`` loads: a version 1 record is one without districts.
    public static let restorableVersions = 1...schemaVersion
    public static let generator = "TravelAtlas atlas \(AtlasVersion.current)"
    public static let attribution = "Place data: GeoNames (CC BY 4.0, geonames.org), OurAirports (public domain), Natural Earth (public domain)"

    public let passport: Passport
    public let stats: PassportStats
    public let homes: HomeTimeline
    public let trips: [Trip]
    /// The year in review of every year with a visit.
    public let years: [PassportStats]
    /// The day rules' results (``daysJSON(_:)``), found with the rest.
    private let daysPresent: JSONValue
    /// What the years in review were counted from, kept as long as the record: freed on the
    /// way, it was 6.6 M instructions on one core, with the other idle.
    private let reviewed: YearsInReview
    public var gazetteerVersion: String
    public var includePhotos = true
    public var coordinates = Coordinates.exact
    /// The native names of the regions visited (`region:DE.02` → `Bayern`), written beside their
    /// English names as `native_name`: from the gazetteer, which the passport does not read.
    public var nativeNames: [String: String] = [:]
    /// The location history files of the log (``TravelLog/storedHistories()``), listed as the
    /// sources of the history's days; the log, not the passport, knows them.
    public var histories: [TravelLog.StoredHistory] = []
    /// The milestones (``Passport/milestones(_:scheme:gazetteer:)``): their places come from the
    /// gazetteer, which the passport does not read.
    public var milestones: [Milestone] = []

    /// The record of `passport`, its figures counted under `scheme`, home `homes` (else the
    /// log's), trips by `rules`.
    public init(passport: Passport, scheme: CountingScheme, homes: HomeTimeline? = nil, rules: TripRules = .init(), gazetteerVersion: String,
                includePhotos: Bool = true, coordinates: Coordinates = .exact) {
        let homes = homes ?? passport.homeTimeline()
        // Two cores: on one the day rules' results, then what the years in review read; on the
        // other the trips, the figures (which read the visits, made on a third thread since the
        // passport was read) and the trips' figures of each year. Then both count the years in
        // review, a year at a time, so that they end together.
        let prepared = Handoff<YearsInReview>()
        let (daysPresent, (trips, stats)) = concurrently({ () -> JSONValue in
            let daysPresent = Self.daysJSON(passport)
            let years = YearsInReview(passport, scheme: scheme, homes: homes)
            prepared.put(years)
            years.count()
            return daysPresent
        }, { () -> ([Trip], PassportStats) in
            let trips = passport.trips(homes: homes, rules: rules)
            let stats = passport.stats(scheme: scheme, homes: homes, rules: rules, trips: trips)
            let years = prepared.take()
            years.count(trips: trips)
            years.count()
            return (trips, stats)
        })
        reviewed = prepared.take()
        years = reviewed.reviews()
        (self.stats, self.daysPresent) = (stats, daysPresent)
        (self.passport, self.homes, self.trips, self.gazetteerVersion) = (passport, homes, trips, gazetteerVersion)
        (self.includePhotos, self.coordinates) = (includePhotos, coordinates)
    }

    /// A member's value: a tree of values, or written straight to the stream (the airports:
    /// every date of every visit, thousands of values to build and free), or the continents'
    /// tree, written on a second core and put in its place after.
    private enum Member {
        case value(JSONValue)
        case streamed((inout JSONStream) -> Void)
        case tree
    }

    /// The members of the record before `history_days`.
    private func members() -> [(String, Member)] {
        [
            ("schema_version", .value(.int(Self.schemaVersion))),
            ("generator", .value(.string(Self.generator))),
            ("gazetteer", .value(.object([("version", .string(gazetteerVersion)), ("attribution", .string(Self.attribution))]))),
            ("counting_scheme", .value(.string(stats.scheme.rawValue))),
            ("coordinates", .value(.string(includePhotos ? coordinates.rawValue : "none"))),
            ("passport", .value(Self.json(stats))),
            ("continents", .tree),
            ("airports", .streamed { json in
                json.beginArray()
                for airport in passport.visits(.airport) { Self.write(airport, to: &json) }
                json.endArray()
            }),
            ("excluded", .value(.object([("flight", .int(passport.photoCount(.flight))), ("transit", .int(passport.photoCount(.transit)))]))),
            ("marks", .value(.array(passport.marks.map(Self.json)))),
            ("homes", .value(.array(passport.homes.map { Self.json($0, coordinates: placeCoordinates) }))),
            ("home_timeline", .value(.array(homes.periods.map { Self.json($0, coordinates: placeCoordinates) }))),
            ("trip_edits", .value(.array(passport.tripEdits.map(Self.json)))),
            ("flights", .value(.array(passport.flights.map(Self.json)))),
            ("trips", .value(.array(trips.map { Self.json($0) }))),
            ("years", .value(.array(years.map(Self.yearJSON)))),
            ("milestones", .value(.array(milestones.map(Self.json)))),
            ("histories", .value(.array(histories.map(Self.json)))),
        ]
    }

    /// The record up to its photos, pretty-printed, in pieces given in order: the members up to
    /// the continents' tree, the tree, the members after it, the history's days (a decade of
    /// history is thousands of days, streamed: a tree of values for them cost more to build and
    /// free than to print), then the days present and an empty `photos` array when the record
    /// has photos.
    func head() -> [[UInt8]] {
        // Pieces of unequal sizes, each continent of the tree, the members and runs of the
        // history's days, taken by whichever core is free, the continents first: a log of
        // photos has a large tree, a log with a history many days, and either split on one
        // side only left the other core idle. Each piece is given in its place, not copied
        // into the rest.
        let tree = Tree(passport)
        let continents = passport.visits(.continent)
        let history = passport.days.indices.filter { passport.days[$0].isHistory }
        let run = max(500, history.count / 8)
        let runs = stride(from: 0, to: history.count, by: run).map { $0..<min($0 + run, history.count) }
        let pieces = inParallel(count: continents.count + 1 + runs.count) { i -> [[UInt8]] in
            if i < continents.count {
                var json = JSONStream(pretty: true, insideArrayAt: 1, after: i)
                // Room for all of it at once (a visit's date is about 30 bytes): the buffer is
                // not copied as it grows, and pages never written are never touched.
                json.bytes.reserveCapacity(1 << 16 + 40 * tree.dates[continents[i].id, default: 0])
                write(continents[i], tree, to: &json)
                return [json.bytes]
            }
            if i == continents.count { return memberPieces() }
            let days = runs[i - continents.count - 1]
            var json = JSONStream(pretty: true, insideArrayAt: 1, after: days.lowerBound)
            json.bytes.reserveCapacity(1_024 * days.count)
            var chains: [ObjectIdentifier: [UInt8]] = [:]
            for d in days { json.raw { append(historyDay: passport.days[history[d]], chains: &chains, to: &$0) } }
            return [json.bytes]
        }
        // An array around its pieces; it closes as one with members when any piece has any.
        func array(_ members: ArraySlice<[[UInt8]]>) -> [[UInt8]] {
            var open = JSONStream(pretty: true, level: 1), close = JSONStream(pretty: true, insideArrayAt: 1, after: members.count)
            open.beginArray()
            close.endArray()
            return [open.bytes] + members.joined() + [close.bytes]
        }
        let (before, middle, after) = (pieces[continents.count][0], pieces[continents.count][1], pieces[continents.count][2])
        return [before] + array(pieces[..<continents.count]) + [middle] + array(pieces[(continents.count + 1)...]) + [after]
    }

    /// The members of the record around the continents' tree and the history's days: the
    /// bytes before the tree, between it and the days, and after them.
    private func memberPieces() -> [[UInt8]] {
        var json = JSONStream(pretty: true)
        json.bytes.reserveCapacity(1 << 20 + 40 * passport.visits(.airport).reduce(0) { $0 + $1.days.count })
        json.beginObject()
        var before: [UInt8] = [], middle: [UInt8] = []
        for (key, member) in members() {
            json.key(key)
            switch member {
            case .value(let value): json.value(value)
            case .streamed(let write): write(&json)
            case .tree: json.raw { before = Array($0); $0.removeAll(keepingCapacity: true) }
            }
        }
        json.key(literal: "history_days")
        json.raw { middle = Array($0); $0.removeAll(keepingCapacity: true) }
        json.key(literal: "days_present")
        json.value(daysPresent)
        if includePhotos {
            json.key(literal: "photos")
            json.beginArray()
            json.endArray()
        }
        json.endObject()
        return [before, middle, json.bytes]
    }

    /// The whole record, pretty-printed with a final newline, given to `emit` in pieces; the photos come from `log` day by day and are written straight to
    /// bytes, each batch in two halves at once while the next is read (rendering is most of an
    /// export's work).
    public func write(photosFrom log: TravelLog, _ emit: ([UInt8]) throws -> Void) throws {
        var head = head()
        guard includePhotos else {
            head[head.count - 1].append(UInt8(ascii: "\n"))
            return try head.forEach(emit)
        }
        // The document ends `"photos": []` + newline + `}`: reopen the array.
        let tail = Array("[]\n}".utf8)
        precondition(head[head.count - 1].suffix(tail.count).elementsEqual(tail), "the photos are the record's last member")
        head[head.count - 1].removeLast(tail.count)
        head[head.count - 1].append(UInt8(ascii: "["))
        try head.forEach(emit)
        // A batch renders on other threads while this one reads the next from the log; each is
        // emitted once the one before it has been.
        var batch: [PassportPhoto] = []
        var written = 0
        var rendering: (done: DispatchGroup, pieces: RenderedPieces)?
        func emitRendered() throws {
            guard let previous = rendering else { return }
            previous.done.wait()
            for piece in previous.pieces.bytes { try emit(piece) }
            rendering = nil
        }
        func flush() throws {
            let (photos, after, pieces, done) = (batch, written, RenderedPieces(), DispatchGroup())
            DispatchQueue.global().async(group: done) {
                LoadingHeap.growThisThread()
                pieces.bytes = render(photos, after: after)
            }
            written += batch.count
            batch = []
            try emitRendered()
            rendering = (done, pieces)
        }
        try log.forEachDay { _, photos in
            batch += photos
            if batch.count >= Self.photosPerBatch { try flush() }
        }
        try flush()
        try emitRendered()
        try emit(Array((written == 0 ? "]\n}\n" : "\n  ]\n}\n").utf8))
    }

    /// The bytes of a batch, filled by the thread that renders it and read after it is done.
    private final class RenderedPieces: @unchecked Sendable {
        var bytes: [[UInt8]] = []
    }

    /// Photos rendered per batch: about 16 MB of JSON, in two halves.
    static let photosPerBatch = 20_000

    /// The bytes of `photos` as members of the photos array, `before` photos already written:
    /// each after its separator, at the array's indentation; two halves rendered at once.
    func render(_ photos: [PassportPhoto], after before: Int) -> [[UInt8]] {
        func half(_ range: Range<Int>) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count * 900)
            for i in range {
                bytes.append(contentsOf: before + i == 0 ? Self.firstPhoto : Self.nextPhoto)
                append(photos[i], to: &bytes)
            }
            return bytes
        }
        let middle = photos.count / 2
        let (first, second) = concurrently({ half(0..<middle) }, { half(middle..<photos.count) })
        return [first, second]
    }

    /// The bytes before a photo of the array: a newline and two levels of indentation.
    private static let firstPhoto = Array("\n    ".utf8)
    private static let nextPhoto = Array(",\n    ".utf8)

    /// The visits of the continents' tree grouped under their parents: continents > countries >
    /// regions > subregions and cities > districts; a country's cities outside any region sit
    /// under the country. Grouping keeps the visits' order: by identifier.
    struct Tree {
        let countries, regions, subregions, cities, districts: [String: [Visit]]
        /// Continent identifier → the dates of every visit below it, itself included.
        let dates: [String: Int]

        init(_ passport: Passport) {
            countries = Dictionary(grouping: passport.visits(.country), by: { $0.continent?.id ?? "" })
            regions = Dictionary(grouping: passport.visits(.region), by: { $0.country?.id ?? "" })
            subregions = Dictionary(grouping: passport.visits(.subregion), by: { $0.region?.id ?? "" })
            cities = Dictionary(grouping: passport.visits(.city), by: { $0.region?.id ?? ($0.country?.id ?? "") })
            districts = Dictionary(grouping: passport.visits(.district), by: { $0.city?.id ?? "" })
            var dates: [String: Int] = [:]
            for level in [Passport.Level.continent, .country, .region, .subregion, .city, .district] {
                for v in passport.visits(level) { dates[level == .continent ? v.id : v.continent?.id ?? "", default: 0] += v.days.count }
            }
            self.dates = dates
        }
    }

    /// `continent` and everything below it in `tree`, as a member of the continents' array.
    func write(_ continent: Visit, _ tree: Tree, to json: inout JSONStream) {
        func array(_ key: StaticString, _ visits: [Visit]?, _ json: inout JSONStream, _ each: (Visit, inout JSONStream) -> Void) {
            json.key(literal: key)
            json.beginArray()
            for v in visits ?? [] { each(v, &json) }
            json.endArray()
        }
        func city(_ v: Visit, _ json: inout JSONStream) {
            Self.write(v, to: &json) { array("districts", tree.districts[v.id], &$0) { Self.write($0, to: &$1) } }
        }
        Self.write(continent, to: &json) {
            array("countries", tree.countries[continent.id], &$0) { country, json in
                Self.write(country, to: &json) {
                    array("regions", tree.regions[country.id], &$0) { region, json in
                        Self.write(region, extra: nativeNames[region.id].map { [("native_name", .string($0))] } ?? [], to: &json) {
                            array("subregions", tree.subregions[region.id], &$0) { Self.write($0, to: &$1) }
                            array("cities", tree.cities[region.id], &$0, city)
                        }
                    }
                    array("cities", tree.cities[country.id], &$0, city)
                }
            }
        }
    }

    public static func link(_ l: PlaceLink?) -> JSONValue {
        l.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) } ?? .null
    }

    public static func json(_ v: Visit, extra: [(String, JSONValue)] = [], children: [(String, [JSONValue])] = []) -> JSONValue {
        .object(fields(v) + [("dates", .array(v.days.map(JSONValue.string)))] + extra + children.map { ($0.0, JSONValue.array($0.1)) })
    }

    /// ``json(_:extra:children:)`` written to `json`, its dates as they are read and its
    /// children by `children`, without a value for each.
    static func write(_ v: Visit, extra: [(String, JSONValue)] = [], to json: inout JSONStream,
                      children: (inout JSONStream) -> Void = { _ in }) {
        json.beginObject()
        for (key, value) in fields(v) {
            json.key(key)
            json.value(value)
        }
        json.key(literal: "dates")
        json.strings(v.days)
        for (key, value) in extra {
            json.key(key)
            json.value(value)
        }
        children(&json)
        json.endObject()
    }

    /// A visit's members before its dates.
    private static func fields(_ v: Visit) -> [(String, JSONValue)] {
        [("kind", .string(v.kind)),
         ("id", .string(v.id)), ("name", .string(v.name)),
         ("first_visit", .optional(v.firstDate)), ("last_visit", .optional(v.lastDate)),
         ("days", .int(v.days.count)), ("photos", .int(v.photos)), ("marks", .int(v.marks)),
         ("history_days", .int(v.historyDays)), ("flights", .int(v.flights))]
    }

    public static func json(_ m: Milestone) -> JSONValue {
        .object([("id", .string(m.id)), ("title", .string(m.title)), ("reached", .optional(m.reached)),
                 ("place", link(m.place)), ("done", .int(m.done)), ("total", .int(m.total)),
                 ("missing", .array(m.missing.map { link($0) })), ("complete", .bool(m.isReached))])
    }

    public static func json(_ m: Mark) -> JSONValue {
        return .object([
            ("place_id", .string(m.placeID)), ("place_name", .string(m.placeName)), ("date", .optional(m.date)), ("note", .optional(m.note)),
            ("continent", link(m.continent)), ("country", link(m.country)), ("region", link(m.region)), ("city", link(m.city)),
        ])
    }

    public static func json(_ s: PassportStats) -> JSONValue {
        .object([
            ("countries", .int(s.countries)), ("countries_in_scheme", .int(s.countriesInScheme)), ("share", .number(s.share, digits: 4)),
            ("countries_visited", .int(s.countriesVisited)),
            ("continents", .int(s.continents)), ("continents_in_world", .int(PassportStats.continentsInWorld)),
            ("regions", .int(s.regions)), ("subregions", .int(s.subregions)), ("cities", .int(s.cities)), ("airports", .int(s.airports)),
            ("home", link(s.home)), ("home_inferred", .bool(s.homeInferred)), ("days_abroad", .int(s.daysAbroad)),
            ("trips", .int(s.trips)), ("first_trip", .optional(s.firstTrip)),
            ("busiest_year", s.busiestYear.map { .object([("year", .int($0.year)), ("days", .int($0.days))]) } ?? .null),
            ("busiest_month", busiestMonth(s)),
            ("most_visited_country", s.mostVisitedCountry.map { .object([("id", .string($0.id)), ("name", .string($0.name)), ("days", .int($0.days))]) } ?? .null),
            ("farthest", farthest(s)),
        ] + distances(s) + [
            ("year", .int(s.year)), ("year_in_review", s.reviewYear.map { .int($0) } ?? .null),
            ("new_this_year", newPlaces(s)),
        ])
    }

    // What the passport and each year in review write alike.
    private static func busiestMonth(_ s: PassportStats) -> JSONValue {
        s.busiestMonth.map { .object([("month", .string($0.month)), ("days", .int($0.days))]) } ?? .null
    }

    private static func farthest(_ s: PassportStats) -> JSONValue {
        s.farthest.map { .object([("km", .number($0.km, digits: 1)), ("place", link($0.place))]) } ?? .null
    }

    private static func distances(_ s: PassportStats) -> [(String, JSONValue)] {
        [("distance_km", .number(s.distanceKm, digits: 1)), ("flights", .int(s.flights)), ("flight_km", .number(s.flightKm, digits: 1))]
    }

    private static func newPlaces(_ s: PassportStats) -> JSONValue {
        .object([("countries", .int(s.newCountriesThisYear)), ("regions", .int(s.newRegionsThisYear)), ("cities", .int(s.newCitiesThisYear))])
    }

    /// A position at the precision given.
    static func coordinate(_ value: Double?, _ coordinates: Coordinates) -> JSONValue {
        guard let value, let rounded = coordinates.rounded(value) else { return .null }
        return .number(rounded, digits: coordinates.digits)
    }

    /// The precision of home points: the photos' (none when the photos are left out, as their
    /// positions are).
    var placeCoordinates: Coordinates { includePhotos ? coordinates : .none }

    /// A saved home, as `import-record` restores it.
    static func json(_ h: Home, coordinates: Coordinates) -> JSONValue {
        .object([("since", .optional(h.since)), ("place", link(h.place)), ("latitude", coordinate(h.latitude, coordinates)),
                 ("longitude", coordinate(h.longitude, coordinates)),
                 ("country", link(h.country)), ("region", link(h.region)), ("city", link(h.city))])
    }

    /// A home of the timeline, saved or inferred, with the point trips are measured from.
    public static func json(_ p: HomeTimeline.Period, coordinates: Coordinates = .exact) -> JSONValue {
        .object([("since", .optional(p.since)), ("until", .optional(p.until)), ("place", link(p.place)), ("inferred", .bool(p.inferred)),
                 ("country", link(p.country)), ("region", link(p.region)),
                 ("latitude", coordinate(p.latitude, coordinates)), ("longitude", coordinate(p.longitude, coordinates)),
                 ("point_city", link(p.pointCity))])
    }

    public static func json(_ e: TripEdit) -> JSONValue {
        .object([("kind", .string(e.kind.rawValue)), ("date", .string(e.date)), ("until", .optional(e.until)), ("title", .optional(e.title))])
    }

    /// A trip: what `atlas trips --json` prints and the record's `trips` hold
    /// (``jsonWithDays(_:)`` adds the day-by-day list).
    public static func json(_ t: Trip) -> JSONValue { .object(tripMembers(t)) }

    /// `atlas trip ID --json`: ``json(_:)``'s members, then `day_by_day`, an object a day,
    /// written as they come (compact, as ``JSONValue`` renders, without the line break after):
    /// a trip of 5,000 days was a tree of 100,000 values built, rendered, then kept.
    public static func jsonWithDays(_ t: Trip) -> [UInt8] {
        var json = JSONStream()
        json.beginObject()
        for (key, value) in tripMembers(t) {
            json.key(key)
            json.value(value)
        }
        // A long trip's days written in two halves at once (the spread log's trip: 5,479 days,
        // 4.7 MB), each an array whose brackets are dropped where the halves meet.
        let days = t.days, middle = days.count < 1_024 ? days.count : days.count / 2
        let (first, second) = concurrently({ dayArray(days[..<middle]) }, { dayArray(days[middle...]) })
        json.key(literal: "day_by_day")
        json.raw { out in
            out.append(contentsOf: first.dropLast())
            if first.count > 2 && second.count > 2 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: second.dropFirst())
        }
        json.endObject()
        return json.bytes
    }

    /// `days` as a JSON array, each day's lists of links written in place.
    private static func dayArray(_ days: ArraySlice<Trip.Day>) -> [UInt8] {
        var json = JSONStream()
        var rendered = RenderedLinks()
        json.beginArray()
        for d in days {
            json.beginObject()
            json.key(literal: "date"); json.string(d.date)
            json.key(literal: "places"); rendered.write(d.places, to: &json)
            json.key(literal: "countries"); rendered.write(d.countries, to: &json)
            json.key(literal: "at_home"); json.bool(d.atHome)
            json.key(literal: "transit"); rendered.write(d.transit, to: &json)
            json.key(literal: "photos"); json.int(d.photos)
            json.key(literal: "flight_photos"); json.int(d.flightPhotos)
            json.key(literal: "marks"); json.int(d.marks)
            json.key(literal: "flights")
            json.beginArray()
            for f in d.flights { json.string(f) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        return json.bytes
    }

    /// Links as arrays of compact `{id, name}` objects (``link(_:)``), each link's bytes made
    /// once and copied after: a long trip's days name the same few hundred places a hundred
    /// thousand times (the spread log's trip: 80 M instructions to write them one by one).
    private struct RenderedLinks {
        private var bytes: [String: (name: String, bytes: [UInt8])] = [:]

        /// `list` as an array, in a compact stream.
        mutating func write(_ list: [PlaceLink], to json: inout JSONStream) {
            json.beginArray()
            for l in list {
                if let known = bytes[l.id], known.name == l.name {
                    json.raw { $0.append(contentsOf: known.bytes) }
                    continue
                }
                var one = JSONStream()
                one.beginObject()
                one.key(literal: "id"); one.string(l.id)
                one.key(literal: "name"); one.string(l.name)
                one.endObject()
                bytes[l.id] = (l.name, one.bytes)
                json.raw { $0.append(contentsOf: one.bytes) }
            }
            json.endArray()
        }
    }

    private static func tripMembers(_ t: Trip) -> [(String, JSONValue)] {
        func places(_ list: [Trip.Place]) -> JSONValue {
            .array(list.map { .object([("id", .string($0.place.id)), ("name", .string($0.place.name)), ("days", .int($0.days))]) })
        }
        return [
            ("id", .string(t.id)), ("title", .string(t.title)), ("title_edited", .bool(t.titleIsEdited)), ("excluded", .bool(t.excluded)),
            ("start", .string(t.start)), ("end", .string(t.end)), ("days", .int(t.dayCount)),
            ("countries", places(t.countries)), ("regions", places(t.regions)), ("cities", places(t.cities)),
            ("transit", places(t.transit)), ("airports", places(t.airports)),
            ("distance_km", .number(t.distanceKm, digits: 1)), ("photos", .int(t.photos)), ("flight_photos", .int(t.flightPhotos)),
            ("marks", .int(t.marks)), ("flights", .array(t.flights.map { .string($0.id) })),
        ]
    }

    /// The day rules' results with their parameters, as `atlas days` counts by default (any
    /// presence, calendar years, the threshold 183), read up to the log's last date with
    /// evidence (never the clock): per year its dates without evidence and each country's days,
    /// transit days and whether the threshold is reached; the Schengen 90/180 window of the
    /// log's last date (null when no date of it saw the area); the US substantial presence test
    /// of every year from the first with a day in the United States.
    public static func daysJSON(_ passport: Passport) -> JSONValue {
        let counting = DayCounting(), threshold = 183
        let ledger = passport.ledger(counting)
        let years = Dictionary(grouping: ledger.presenceDays(), by: \.year).sorted { $0.key < $1.key }.map { year, countries -> JSONValue in
            let range = DayPeriod.calendar.range(year)
            return .object([
                ("year", .int(year)), ("period_start", .string(range.lowerBound.text)), ("period_end", .string(range.upperBound.text)),
                ("days_without_evidence", .int(ledger.daysWithoutEvidence(from: range.lowerBound, through: range.upperBound))),
                ("countries", .array(countries.map { p in
                    .object([("id", .string(p.country.id)), ("name", .string(p.country.name)), ("days", .int(p.days.count)),
                             ("transit_days", .int(p.transit.count)), ("threshold_reached", .bool(p.days.count + p.inferred.count >= threshold))])
                })),
            ])
        }
        // The ledger is read up to the log's last date: its window is the latest one.
        let latest = ledger.evidenceDates.isEmpty ? nil : ledger.schengen()
        let schengen: JSONValue = latest.flatMap { $0.maxInWindow > 0 ? $0 : nil }.map { w in
            .object([("on", .string(w.on.text)), ("days_used", .int(w.daysUsed)), ("days_left", .int(w.daysLeft)),
                     ("max_in_window", .int(w.maxInWindow)), ("max_on", w.maxOn.map { .string($0.text) } ?? .null),
                     ("days_without_evidence", .int(w.daysWithoutEvidence)), ("dates", .array(w.dates.map { .string($0.text) }))])
        } ?? .null
        var us: [JSONValue] = []
        if let first = ledger.counted[USPresence.country]?.keys.map({ $0.components.year }).min() {
            for year in first...max(first, ledger.through.components.year) {
                let test = ledger.usPresence(year: year)
                us.append(.object([("year", .int(year)), ("days_this_year", .int(test.days[0])), ("days_last_year", .int(test.days[1])),
                                   ("days_year_before_last", .int(test.days[2])), ("days_weighted", .number(test.daysWeighted, digits: 2)),
                                   ("meets_test", .bool(test.meetsTest))]))
            }
        }
        return .object([
            ("count", .string(counting.policy.rawValue)), ("fill", .null), ("year_start", .string(DayPeriod.calendar.text)),
            ("threshold", .int(threshold)), ("through", ledger.evidenceDates.isEmpty ? .null : .string(ledger.through.text)),
            ("note", .string(DayLedger.note)), ("years", .array(years)), ("schengen", schengen), ("us_presence", .array(us)),
        ])
    }

    /// One year in review, as the record's `years` hold it.
    public static func yearJSON(_ s: PassportStats) -> JSONValue {
        .object([
            ("year", .int(s.reviewYear ?? s.year)), ("countries", .int(s.countries)), ("countries_visited", .int(s.countriesVisited)),
            ("continents", .int(s.continents)), ("regions", .int(s.regions)), ("subregions", .int(s.subregions)), ("cities", .int(s.cities)),
            ("airports", .int(s.airports)), ("new", newPlaces(s)),
            ("home", link(s.home)), ("days_abroad", .int(s.daysAbroad)), ("trips", .int(s.trips)),
            ("busiest_month", busiestMonth(s)), ("farthest", farthest(s)),
        ] + distances(s))
    }

    /// A flight, as `atlas flights --json` prints it and `import-record` restores it.
    public static func json(_ f: Flight) -> JSONValue {
        func airport(_ a: Flight.Airport) -> JSONValue {
            .object([("id", .string(a.place.id)), ("name", .string(a.place.name)), ("code", .string(a.code)),
                     ("latitude", .number(a.latitude, digits: 7)), ("longitude", .number(a.longitude, digits: 7)),
                     ("continent", link(a.continent)), ("country", link(a.country)), ("region", link(a.region)), ("city", link(a.city))])
        }
        return .object([("id", .string(f.id)), ("date", .string(f.date)), ("from", airport(f.from)), ("to", airport(f.to)),
                        ("flight", .string(f.flightNumber)), ("airline", .optional(f.airline)), ("km", .number(f.km, digits: 1)),
                        ("source", .optional(f.source)), ("line", f.line.map { .int($0) } ?? .null)])
    }

    /// One photo of the record: its path, times, position at the chosen precision, verdict and
    /// place snapshot, as a member of the photos array (two levels deep in the pretty document)
    /// appended to `out`. The shape is fixed, so each key comes with its line break and
    /// indentation as one literal, with none of ``JSONStream``'s bookkeeping: an export writes
    /// a million of these, and it gives the bytes `JSONStream(pretty: true, level: 2)` gives.
    func append(_ p: PassportPhoto, to out: inout [UInt8]) {
        func literal(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        func string(_ value: String?) { if let value { JSONBytes.appendQuoted(value, to: &out) } else { literal("null") } }
        func coordinate(_ value: Double?) {
            if let value, let rounded = coordinates.rounded(value) {
                JSONBytes.appendFixed(rounded, digits: coordinates.digits, to: &out)
            } else {
                literal("null")
            }
        }
        func number(_ value: Double?, digits: Int) {
            if let value, value.isFinite { JSONBytes.appendFixed(value, digits: digits, to: &out) } else { literal("null") }
        }
        literal("{\n      \"path\": "); string(p.path)
        literal(",\n      \"local_time\": "); string(p.takenLocal)
        literal(",\n      \"utc_time\": "); string(p.utcText)
        literal(",\n      \"utc_offset_seconds\": ")
        if let offset = p.utcOffsetSeconds { JSONBytes.appendInt(offset, to: &out) } else { literal("null") }
        literal(",\n      \"latitude\": "); coordinate(p.latitude)
        literal(",\n      \"longitude\": "); coordinate(p.longitude)
        literal(",\n      \"altitude_m\": "); if coordinates == .exact { number(p.altitude, digits: 2) } else { literal("null") }
        literal(",\n      \"speed_kmh\": "); number(p.speedKmh, digits: 2)
        // A place set by hand outranks every position (the position stays as the file gave it).
        literal(",\n      \"position_source\": "); string(p.isHandSet ? "hand" : p.positionSource)
        literal(",\n      \"status\": "); string(p.status.rawValue)
        literal(",\n      \"hand_set\": "); p.isHandSet ? literal("true") : literal("false")
        literal(",\n      \"waters\": "); string(p.waters)
        literal(",\n      \"gazetteer_version\": "); string(p.gazetteerVersion)
        appendChain(p.places, to: &out)
        literal("\n    }")
    }

    /// A place snapshot's members, one a ``PlaceKind`` from `continent` down, each after a
    /// comma, as members of an object in an array two levels deep: each link an object, or `null`.
    func appendChain(_ lineage: PlaceLineage<PlaceLink>, to out: inout [UInt8]) {
        func literal(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        for kind in PlaceKind.levels {
            out.append(contentsOf: Self.chainKeys[kind.rank])
            guard let link = lineage[kind] else { literal("null"); continue }
            literal("{\n        \"id\": ")
            JSONBytes.appendQuoted(link.id, to: &out)
            literal(",\n        \"name\": ")
            JSONBytes.appendQuoted(link.name, to: &out)
            literal("\n      }")
        }
    }

    /// `,\n      "city": ` and the like, by ``PlaceKind/rank``.
    private static let chainKeys = PlaceKind.levels.map { Array(",\n      \"\($0.rawValue)\": ".utf8) }
}
