import Foundation
import PhotoMetadata
import Testing
import TravelLog
@testable import Passport
#if canImport(FoundationXML)
import FoundationXML
import ScratchSpace
#endif

/// GPX 1.1 tracks: read back through the import's GPX reader, taken apart by this file's own
/// XML reader, and validated with `xmllint` against the part of the GPX 1.1 schema they use.
@Suite struct TrackExportGPXTests {
    typealias Fixture = NewYearInTokyo

    /// A GPX document as this test reads it: the root's namespace and attributes, the track's
    /// name, and per segment each point's attributes and children in order.
    final class Parsed: NSObject, XMLParserDelegate {
        struct Point { var attributes: [String: String]; var children: [(name: String, text: String)] = [] }
        var namespace: String?
        var root: [String: String] = [:]
        var name: String?
        var segments: [[Point]] = []
        private var path: [String] = []
        private var text = ""

        static func read(_ bytes: [UInt8]) throws -> Parsed {
            let parsed = Parsed()
            let parser = XMLParser(data: Data(bytes))
            parser.shouldProcessNamespaces = true
            parser.delegate = parsed
            guard parser.parse() else { throw parser.parserError ?? MissingValue() }
            return parsed
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
            switch name {
            case "gpx": (namespace, root) = (namespaceURI, attributes)
            case "trkseg": segments.append([])
            case "trkpt": segments[segments.count - 1].append(Point(attributes: attributes))
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            if name == "name", path.last == "trk" { self.name = text }
            if path.last == "trkpt" { segments[segments.count - 1][segments[segments.count - 1].count - 1].children.append((name, text)) }
            text = ""
        }
    }

    /// The trip of the fixture, written as GPX at `precision`.
    static func tripGPX(_ precision: TrackExport.Precision) throws -> (bytes: [UInt8], trip: Trip) {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let passport = try Passport(log: log)
        let trip = try require(Trip.find("2024-12-30", in: passport.trips()))
        var bytes: [UInt8] = []
        let written = try TrackExport(trip: trip, passport: passport, precision: precision).write(.gpx, from: log) { bytes += $0 }
        let expected = Fixture.expectedDays(trip.start, trip.end)
        #expect(written == TrackExport.Written(points: expected.map(\.shots.count).reduce(0, +), days: expected.count))
        return (bytes, trip)
    }

    @Test func theImportsReaderReadsBackEveryTimedPointAndTheSegmentsHoldTheRest() throws {
        let (bytes, trip) = try Self.tripGPX(.exact)
        let expected = Fixture.expectedDays(trip.start, trip.end)
        // The reader keeps the points with a time, sorted by it.
        let track = try GPXTrack.read(Data(bytes), path: "trip.gpx")
        let timed = expected.flatMap(\.shots).filter { Fixture.utc($0) != nil }
        let iso = ISO8601DateFormatter()
        let want = timed.map { (time: iso.date(from: Fixture.utc($0)!)!, lat: $0.spot!.lat, lon: $0.spot!.lon, ele: $0.altitude) }
            .sorted { ($0.time, $0.lat, $0.lon) < ($1.time, $1.lat, $1.lon) }
        let got = track.points.sorted { ($0.time, $0.latitude, $0.longitude) < ($1.time, $1.latitude, $1.longitude) }
        #expect(got.count == want.count && !got.isEmpty)
        for (g, w) in zip(got, want) {
            #expect(g.time == w.time && abs(g.latitude - w.lat) <= 1e-7 && abs(g.longitude - w.lon) <= 1e-7 && g.elevation == w.ele, "\(w)")
        }
        // Every point, timed or not, in its day's segment in time order, ele before time.
        let parsed = try Parsed.read(bytes)
        #expect(parsed.namespace == "http://www.topografix.com/GPX/1/1" && parsed.root["version"] == "1.1")
        #expect(parsed.root["creator"]?.hasPrefix("TravelAtlas atlas ") == true && parsed.name == trip.title)
        #expect(parsed.segments.count == expected.count)
        for (segment, day) in zip(parsed.segments, expected) {
            #expect(segment.map { $0.attributes["lat"].flatMap(Double.init) } == day.shots.map { $0.spot?.lat }, "\(day.date)")
            #expect(segment.map { $0.attributes["lon"].flatMap(Double.init) } == day.shots.map { $0.spot?.lon }, "\(day.date)")
            #expect(segment.map { $0.children.first { $0.name == "time" }?.text } == day.shots.map(Fixture.utc), "\(day.date)")
            #expect(segment.map { $0.children.first { $0.name == "ele" }.flatMap { Double($0.text) } } == day.shots.map(\.altitude), "\(day.date)")
            #expect(segment.allSatisfy { p in p.children.map(\.name) == ["ele", "time"].filter { n in p.children.contains { $0.name == n } } })
        }
    }

    @Test func cityPrecisionRoundsToATenthAndDropsTheElevation() throws {
        let (bytes, trip) = try Self.tripGPX(.city)
        let parsed = try Parsed.read(bytes)
        let shots = Fixture.expectedDays(trip.start, trip.end).flatMap(\.shots)
        let points = parsed.segments.flatMap { $0 }
        #expect(points.count == shots.count)
        // A tenth of a degree as C's printf rounds it.
        func tenth(_ x: Double) -> String { String(Double(String(format: "%.1f", x))!) }
        for (p, s) in zip(points, shots) {
            #expect(p.attributes["lat"].flatMap(Double.init).map { String($0) } == tenth(s.spot!.lat), "\(s.path)")
            #expect(p.attributes["lon"].flatMap(Double.init).map { String($0) } == tenth(s.spot!.lon), "\(s.path)")
            #expect(p.children.map(\.name) == (Fixture.utc(s) == nil ? [] : ["time"]), "\(s.path)")
        }
        #expect(!String(decoding: bytes, as: UTF8.self).contains("<ele>"))
        #expect(points.contains { $0.attributes["lon"] == "139.7" && $0.attributes["lat"] == "35.7" })
    }

    /// A track held in memory: one day of `photos`.
    static func memoryGPX(_ name: String, _ photos: [VisitPhoto], _ precision: TrackExport.Precision) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try TrackExport(name: name, first: "2024-05-01", last: "2024-05-01", precision: precision, cities: [])
            .write(.gpx, days: { body in try body("2024-05-01", photos) }) { bytes += $0 }
        return bytes
    }

    static func photo(_ path: String, _ lat: Double, _ lon: Double, altitude: Double? = nil) -> VisitPhoto {
        var p = VisitPhoto(path: path)
        (p.takenLocal, p.utcOffsetSeconds, p.latitude, p.longitude, p.altitude) = ("2024-05-01T10:00:00", 43_200, lat, lon, altitude)
        return p
    }

    /// Taveuni, where the 180th meridian crosses land, and numbers that print with an exponent
    /// in Swift's own description.
    static let edges = [photo("/1.jpg", -16.8, 180), photo("/2.jpg", -16.8, 179.96), photo("/3.jpg", -16.8, -179.96),
                        photo("/4.jpg", 0.00000001, -0.00000004, altitude: 0.000001), photo("/5.jpg", -90, -180, altitude: -1e-9)]

    @Test func textIsEscapedNumbersHaveNoExponentAndTheAntimeridianIsMinus180() throws {
        let name = "Fish & <Chips> \"quoted\" 'too'\u{7} ☃"
        let exact = try Parsed.read(Self.memoryGPX(name, Self.edges, .exact))
        #expect(exact.name == "Fish & <Chips> \"quoted\" 'too'\u{FFFD} ☃")
        let lons = exact.segments.flatMap { $0 }.map { $0.attributes["lon"] ?? "" }
        let lats = exact.segments.flatMap { $0 }.map { $0.attributes["lat"] ?? "" }
        #expect(lons == ["-180", "179.96", "-179.96", "0", "-180"])
        #expect(lats == ["-16.8", "-16.8", "-16.8", "0", "-90"])
        #expect(exact.segments.flatMap { $0 }.map { $0.children.first { $0.name == "ele" }?.text } == [nil, nil, nil, "0", "0"])
        let city = try Parsed.read(Self.memoryGPX("x", Self.edges, .city))
        #expect(city.segments.flatMap { $0 }.map { $0.attributes["lon"] ?? "" } == ["-180", "-180", "-180", "0", "-180"])
        // Digits, a sign, at most one point: xsd:decimal, never 1e-08.
        func isDecimal(_ text: String) -> Bool {
            let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }
        for parsed in [exact, city] {
            for p in parsed.segments.flatMap({ $0 }) {
                let numbers = [p.attributes["lat"] ?? "", p.attributes["lon"] ?? ""] + p.children.filter { $0.name == "ele" }.map(\.text)
                #expect(numbers.allSatisfy(isDecimal), "\(numbers)")
            }
        }
    }

    /// `xmllint`, where it is installed (Debian: libxml2-utils).
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The GPX 1.1 schema's rules for what a track uses, written here: the root with its
    /// version and creator, `trk` with `name` then `trkseg`s, `trkpt` with `ele` then `time`,
    /// latitude from -90 to 90 and longitude from -180 up to, not including, 180, decimals and
    /// dateTimes as XML Schema reads them. Each content model here is the official one with
    /// optional members left out, so what is valid here is valid there.
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="http://www.topografix.com/GPX/1/1"
                    targetNamespace="http://www.topografix.com/GPX/1/1" elementFormDefault="qualified">
          <xsd:element name="gpx" type="gpxType"/>
          <xsd:complexType name="gpxType">
            <xsd:sequence><xsd:element name="trk" type="trkType" minOccurs="0" maxOccurs="unbounded"/></xsd:sequence>
            <xsd:attribute name="version" type="xsd:string" use="required" fixed="1.1"/>
            <xsd:attribute name="creator" type="xsd:string" use="required"/>
          </xsd:complexType>
          <xsd:complexType name="trkType">
            <xsd:sequence>
              <xsd:element name="name" type="xsd:string" minOccurs="0"/>
              <xsd:element name="trkseg" type="trksegType" minOccurs="0" maxOccurs="unbounded"/>
            </xsd:sequence>
          </xsd:complexType>
          <xsd:complexType name="trksegType">
            <xsd:sequence><xsd:element name="trkpt" type="wptType" minOccurs="0" maxOccurs="unbounded"/></xsd:sequence>
          </xsd:complexType>
          <xsd:complexType name="wptType">
            <xsd:sequence>
              <xsd:element name="ele" type="xsd:decimal" minOccurs="0"/>
              <xsd:element name="time" type="xsd:dateTime" minOccurs="0"/>
            </xsd:sequence>
            <xsd:attribute name="lat" type="latitudeType" use="required"/>
            <xsd:attribute name="lon" type="longitudeType" use="required"/>
          </xsd:complexType>
          <xsd:simpleType name="latitudeType">
            <xsd:restriction base="xsd:decimal"><xsd:minInclusive value="-90.0"/><xsd:maxInclusive value="90.0"/></xsd:restriction>
          </xsd:simpleType>
          <xsd:simpleType name="longitudeType">
            <xsd:restriction base="xsd:decimal"><xsd:minInclusive value="-180.0"/><xsd:maxExclusive value="180.0"/></xsd:restriction>
          </xsd:simpleType>
        </xsd:schema>
        """

    /// Whether `xmllint --schema` finds `document` valid, and what it said.
    static func validate(_ document: [UInt8]) throws -> (valid: Bool, said: String) {
        let directory = Scratch.root.appendingPathComponent("atlas-gpx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (xsd, gpx) = (directory.appendingPathComponent("gpx.xsd"), directory.appendingPathComponent("track.gpx"))
        try Data(schema.utf8).write(to: xsd)
        try Data(document).write(to: gpx)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try require(xmllint))
        process.arguments = ["--noout", "--nonet", "--schema", xsd.path, gpx.path]
        let err = Pipe()
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, err)
        try process.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, said)
    }

    @Test(.enabled(if: xmllint != nil, "xmllint is not installed (Debian: libxml2-utils)"))
    func tracksAreValidAgainstTheGPX11Schema() throws {
        var documents = [try Self.tripGPX(.exact).bytes, try Self.tripGPX(.city).bytes,
                         try Self.memoryGPX("Fish & <Chips>\u{7}", Self.edges, .exact), try Self.memoryGPX("x", Self.edges, .city)]
        // An empty track: a year without photos.
        documents.append(try Self.memoryGPX("2023", [], .exact))
        for document in documents {
            let result = try Self.validate(document)
            #expect(result.valid, "\(result.said)")
        }
        // The check can fail: the antimeridian written as 180, an exponent, time before ele.
        let text = String(decoding: try Self.memoryGPX("x", Self.edges, .exact), as: UTF8.self)
        for broken in [text.replacingOccurrences(of: "lon=\"-180\"", with: "lon=\"180\""),
                       text.replacingOccurrences(of: "lat=\"-16.8\"", with: "lat=\"-1.68e1\""),
                       text.replacingOccurrences(of: "<ele>0</ele><time>2024-04-30T22:00:00Z</time>", with: "<time>2024-04-30T22:00:00Z</time><ele>0</ele>")] {
            #expect(broken != text)
            #expect(try !Self.validate(Array(broken.utf8)).valid)
        }
    }
}
