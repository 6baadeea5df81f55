import Foundation
import Gazetteer
import Testing
@testable import Resolver
import ScratchSpace

/// What `atlas resolve --batch` reads: every format, header detection, line ends, and lines
/// that do not parse in the middle of good ones.
@Suite struct BatchInputTests {
    typealias Record = BatchInput.Record

    /// The records of `bytes` read through a file, as the command reads them.
    static func records(_ bytes: [UInt8], maximumLineLength: Int = BatchInput.maximumLineLength) throws -> [Record] {
        let path = Scratch.root.appendingPathComponent("batch-input-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var input = BatchInput(descriptor: descriptor, maximumLineLength: maximumLineLength)
        var out: [Record] = []
        while let record = try input.next() { out.append(record) }
        return out
    }

    static func records(_ text: String) throws -> [Record] { try records(Array(text.utf8)) }

    static func point(_ lat: Double, _ lon: Double, _ id: String?, line: Int) -> Record {
        .coordinate(GeoCoordinate(latitude: lat, longitude: lon), id: id.map(BatchInput.ID.string), line: line)
    }

    static func error(_ reason: String, id: String? = nil, line: Int) -> Record {
        .error(id: id.map(BatchInput.ID.string), line: line, reason: reason)
    }

    /// A line's numbers are the command line's (`GeoCoordinate.number`): what `atlas resolve
    /// LAT LON` takes, a batch takes, and nothing that only `Double(_:)` would.
    @Test func theNumbersAreTheCommandLines() throws {
        #expect(try Self.records("1e-5,2.5E+1\n−33.86,151.21\n") == [Self.point(0.00001, 25, nil, line: 1), Self.point(-33.86, 151.21, nil, line: 2)])
        for text in ["0x10", "inf", "nan", "1e400"] {
            #expect(try Self.records("\(text),1\n") == [Self.error("expected lat,lon[,id]", line: 1)], "\(text)")
        }
        #expect(try Self.records(#"{"lat":1e400,"lon":1}"#) == [
            Self.error(#"expected a JSON object {"lat":…,"lon":…[,"id":…]}: latitude is not a number"#, line: 1),
        ])
    }

    @Test func withoutAHeaderTheColumnsAreLatLonId() throws {
        #expect(try Self.records("48.8566,2.3522,paris\n35.0116,135.7681\n") == [
            Self.point(48.8566, 2.3522, "paris", line: 1),
            Self.point(35.0116, 135.7681, nil, line: 2),
        ])
    }

    @Test func aHeaderNamesTheColumnsInAnyCaseAndOrder() throws {
        #expect(try Self.records("lat,lon,id\n1,2,a\n") == [Self.point(1, 2, "a", line: 2)])
        #expect(try Self.records("ID;Longitude;Latitude\nb;2;1\n") == [Self.point(1, 2, "b", line: 2)])
        #expect(try Self.records("lng\tlat\n20\t10\n") == [Self.point(10, 20, nil, line: 2)])
        #expect(try Self.records("id lat lon\n\"Eiffel Tower\" 48.8584 2.2945\n") == [Self.point(48.8584, 2.2945, "Eiffel Tower", line: 2)])
        // The header's separator holds for every line: an unquoted id with spaces stays whole.
        #expect(try Self.records("id,lat,lon\nEiffel Tower,48.8584,2.2945\n") == [Self.point(48.8584, 2.2945, "Eiffel Tower", line: 2)])
    }

    /// A first line that does not name the columns is data, and an error when it is no data.
    @Test func aFirstLineThatIsNoHeaderIsAnErrorLine() throws {
        #expect(try Self.records("lat,lon,name\n1,2,a\n") == [
            Self.error("expected lat,lon[,id]", id: "name", line: 1),
            Self.point(1, 2, "a", line: 2),
        ])
        #expect(try Self.records("lat,lat\n1,2\n") == [Self.error("expected lat,lon[,id]", line: 1), Self.point(1, 2, nil, line: 2)])
        // Only the first line can be a header.
        #expect(try Self.records("1,2\nlat,lon\n") == [Self.point(1, 2, nil, line: 1), Self.error("expected lat,lon[,id]", line: 2)])
    }

    @Test func everySeparator() throws {
        for text in ["1,2,a", "1;2;a", "1\t2\ta", "1 2 a", "1   2  a", " 1 , 2 , a ", "1 ;2; a", "\"1\",\"2\",\"a\""] {
            #expect(try Self.records(text) == [Self.point(1, 2, "a", line: 1)], "\(text)")
        }
        // Each line finds its own separator when there is no header.
        #expect(try Self.records("1,2,a\n3;4;b\n5 6 c\n") == [
            Self.point(1, 2, "a", line: 1), Self.point(3, 4, "b", line: 2), Self.point(5, 6, "c", line: 3),
        ])
    }

    @Test func anIdKeepsTheRestOfTheLineOrItsQuotes() throws {
        #expect(try Self.records("1,2,Paris, France\n") == [Self.point(1, 2, "Paris, France", line: 1)])
        #expect(try Self.records("1 2 Eiffel Tower\n") == [Self.point(1, 2, "Eiffel Tower", line: 1)])
        #expect(try Self.records("1,2,\"a,b\"\n1,2,\"say \"\"hi\"\"\"\n1,2,\n") == [
            Self.point(1, 2, "a,b", line: 1), Self.point(1, 2, "say \"hi\"", line: 2), Self.point(1, 2, "", line: 3),
        ])
        #expect(try Self.records("1,2,\"a,b\n") == [Self.error("expected lat,lon[,id]: field 3 has no closing quote", line: 1)])
        #expect(try Self.records("1,2,\"a\"b\n") == [Self.error("expected lat,lon[,id]: text after the closing quote of field 3", line: 1)])
        // A file whose header has no id column takes no third field.
        #expect(try Self.records("lat,lon\n1,2,a\n") == [Self.error("expected lat,lon: 3 fields", line: 2)])
    }

    @Test func jsonLines() throws {
        let text = """
            {"lat":48.8566,"lon":2.3522,"id":"paris"}
            { "latitude": -33.8688, "longitude": 151.2093, "id": 42 }
            {"LNG":135.7681,"Lat":35.0116,"id":null,"note":{"a":[1,{"b":[]}],"c":"}"}}
            {"lat":1,"lon":2,"id":1.5e3}
            {"lat":"1","lon":2,"id":"x"}
            {"lat":1,"lon":2
            {"lat":1,"latitude":2,"lon":3}
            {"lat":1,"lon":2,"id":true}
            {"lat":1,"lon":2,"id":"caf\\u00e9 \\ud83d\\ude00"}
            {"lat":01,"lon":2}
            """
        let records = try Self.records(text)
        let layout = #"expected a JSON object {"lat":…,"lon":…[,"id":…]}"#
        #expect(records == [
            Self.point(48.8566, 2.3522, "paris", line: 1),
            .coordinate(GeoCoordinate(latitude: -33.8688, longitude: 151.2093), id: .number("42"), line: 2),
            Self.point(35.0116, 135.7681, nil, line: 3),
            .coordinate(GeoCoordinate(latitude: 1, longitude: 2), id: .number("1.5e3"), line: 4),
            Self.error("\(layout): latitude is not a number", id: "x", line: 5),
            Self.error("\(layout): the line ends early", line: 6),
            Self.error("\(layout): latitude given 2 times", line: 7),
            Self.error("\(layout): id is neither a string nor a number", line: 8),
            Self.point(1, 2, "café 😀", line: 9),
            Self.error("\(layout): a bad number at byte 8", line: 10),
        ])
    }

    /// Deep nesting under a key that is skipped is checked without recursion.
    @Test func deeplyNestedJSONDoesNotExhaustTheStack() throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(try Self.records(#"{"lat":1,"lon":2,"x":"# + deep + "}\n") == [Self.point(1, 2, nil, line: 1)])
        let unbalanced = String(repeating: "[", count: 200_000)
        #expect(try Self.records(#"{"lat":1,"lon":2,"x":"# + unbalanced + "}\n").count == 1)
    }

    @Test func crlfBomLastLineWithoutNewlineAndBlankLines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("lat,lon,id\r\n\r\n1,2,a\r\n   \r\n\t\n3,4,b".utf8)
        #expect(try Self.records(bytes) == [Self.point(1, 2, "a", line: 3), Self.point(3, 4, "b", line: 6)])
        // A BOM before data, and before a JSON line.
        #expect(try Self.records([0xEF, 0xBB, 0xBF] + Array("1,2,a".utf8)) == [Self.point(1, 2, "a", line: 1)])
        #expect(try Self.records([0xEF, 0xBB, 0xBF] + Array(#"{"lat":1,"lon":2}"#.utf8)) == [Self.point(1, 2, nil, line: 1)])
    }

    @Test func aLineOverTheLimitIsAnErrorAndTheNextLinesAreRead() throws {
        let text = "lat,lon,id\n1,2," + String(repeating: "x", count: 5_000) + "\n3,4," + String(repeating: "y", count: 900) + "\n5,6,c"
        let records = try Self.records(Array(text.utf8), maximumLineLength: 1_000)
        #expect(records == [
            Self.error("longer than 1000 bytes", line: 2),
            Self.point(3, 4, String(repeating: "y", count: 900), line: 3),
            Self.point(5, 6, "c", line: 4),
        ])
        // A line too long to be a header is not one.
        #expect(try Self.records(Array(("lat,lon" + String(repeating: " ", count: 2_000) + "\nlat,lon\n").utf8), maximumLineLength: 1_000) == [
            Self.error("longer than 1000 bytes", line: 1), Self.error("expected lat,lon[,id]", line: 2),
        ])
    }

    /// A bad line in the middle is an error in its place; the lines after it are read.
    @Test func aBadLineInTheMiddleKeepsItsPlace() throws {
        #expect(try Self.records("1,2,a\nnot a coordinate\n3,4,b\n,5,c\n6,7,d\n") == [
            Self.point(1, 2, "a", line: 1),
            Self.error("expected lat,lon[,id]", id: "coordinate", line: 2),
            Self.point(3, 4, "b", line: 3),
            Self.error("expected lat,lon[,id]", id: "c", line: 4),
            Self.point(6, 7, "d", line: 5),
        ])
    }

    @Test func aNulByteEndsTheInputAfterTheLinesBeforeIt() throws {
        let path = Scratch.root.appendingPathComponent("batch-input-\(UUID().uuidString)").path
        try Data(Array("1,2,a\n3,4\0,b\n".utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var input = BatchInput(descriptor: descriptor)
        #expect(try input.next() == Self.point(1, 2, "a", line: 1))
        #expect(throws: BatchInput.Failure.self) { try input.next() }
    }
}
