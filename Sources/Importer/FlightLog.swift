import Foundation
import Gazetteer
import TravelLog

/// A flight log read from CSV: its format, recognised from the header, the flights with their
/// airports resolved through the gazetteer, and the lines that could not be read.
///
/// Three formats: a plain one with the columns `date,from,to[,flight][,airline]` (any order,
/// airports as IATA or ICAO codes), the export of OpenFlights (`Date,From,To,Flight_Number,
/// Airline,…`) and that of myFlightradar24 (`Date,Flight number,From,To,…`, airports written
/// `Frankfurt / Frankfurt International (FRA/EDDF)`).
///
/// ```swift
/// let log = try FlightLog.read(path: "flights.csv", gazetteer: gazetteer)
/// try travelLog.saveFlights(log.flights)
/// for p in log.problems { print("flights.csv:\(p.line): \(p.message)") }
/// ```
///
/// A value type; `Sendable`.
public struct FlightLog: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case plain, openFlights = "openflights", myFlightradar24 = "myflightradar24"
    }

    /// A line that gave no flight, and why.
    public struct Problem: Sendable, Equatable, Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Why a file is no flight log at all.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    public var format: Format
    public var flights: [Flight]
    public var problems: [Problem]

    /// A flight log is a few thousand lines; anything beyond this is no flight log.
    public static let maximumBytes = 64 << 20

    public static func read(path: String, gazetteer: Gazetteer) throws -> FlightLog {
        let url = URL(fileURLWithPath: path)
        var status = stat()    // not FileManager's attributes: they look up the owner's name
        let size = stat(path, &status) == 0 ? Int(status.st_size) : 0
        guard size <= maximumBytes else { throw ReadError(description: "\(size) bytes: more than any flight log (\(maximumBytes >> 20) MB)") }
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else { throw ReadError(description: "not UTF-8 text") }
        var log = try parse(text, gazetteer: gazetteer)
        for i in log.flights.indices { log.flights[i].source = path }
        return log
    }

    /// The flights of `text`; throws when its header is no known format.
    public static func parse(_ text: String, gazetteer: Gazetteer) throws -> FlightLog {
        var records = CSVRecords.parse(text)
        guard !records.isEmpty else { throw ReadError(description: "empty: no header") }
        let header = records.removeFirst().fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let (format, columns) = recognise(header) else {
            throw ReadError(description: "the header '\(header.joined(separator: ","))' is none of the known flight logs: "
                            + "date,from,to[,flight][,airline], OpenFlights or myFlightradar24")
        }
        var log = FlightLog(format: format, flights: [], problems: [])
        for record in records {
            do {
                log.flights.append(try flight(record, columns, format: format, gazetteer: gazetteer))
            } catch let problem as Problem {
                log.problems.append(problem)
            }
        }
        return log
    }

    struct Columns { var date: Int, from: Int, to: Int, flight: Int?, airline: Int? }

    static func recognise(_ header: [String]) -> (Format, Columns)? {
        func index(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let date = index("date"), let from = index("from"), let to = index("to") else { return nil }
        if header.contains("flight number") {
            return (.myFlightradar24, Columns(date: date, from: from, to: to, flight: index("flight number"), airline: index("airline")))
        }
        if header.contains("flight_number") {
            return (.openFlights, Columns(date: date, from: from, to: to, flight: index("flight_number"), airline: index("airline")))
        }
        guard Set(header).isSubset(of: ["date", "from", "to", "flight", "airline"]), Set(header).count == header.count else { return nil }
        return (.plain, Columns(date: date, from: from, to: to, flight: index("flight"), airline: index("airline")))
    }

    static func flight(_ record: CSVRecords.Record, _ columns: Columns, format: Format, gazetteer: Gazetteer) throws -> Flight {
        func field(_ i: Int?) -> String? {
            guard let i, i < record.fields.count else { return nil }
            let text = record.fields[i].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        func problem(_ message: String) -> Problem { Problem(line: record.line, message: message) }
        guard let dateText = field(columns.date) else { throw problem("no date") }
        let date = String(dateText.prefix(10))
        guard CalendarDay(date) != nil else { throw problem("'\(dateText)' is not a date (YYYY-MM-DD)") }
        func airport(_ column: Int, _ role: String) throws -> Flight.Airport {
            guard let text = field(column) else { throw problem("no \(role) airport") }
            for code in codes(in: text) {
                if let place = try? gazetteer.airport(code: code) { return Flight.Airport(place) }
            }
            throw problem("unknown airport '\(text)' (\(role)): no IATA or ICAO code the gazetteer knows")
        }
        var flight = Flight(date: date, from: try airport(columns.from, "from"), to: try airport(columns.to, "to"),
                            flightNumber: field(columns.flight) ?? "", airline: field(columns.airline))
        guard flight.from.place != flight.to.place else { throw problem("from and to are the same airport, \(flight.from.code)") }
        flight.line = record.line
        return flight
    }

    /// The codes a cell may hold: `FRA`, or the `(FRA/EDDF)` at the end of myFlightradar24's names.
    static func codes(in text: String) -> [String] {
        if let open = text.lastIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            return text[text.index(after: open)..<close].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return [text]
    }
}

extension Flight.Airport {
    /// The airport of a gazetteer place, with its position and lineage.
    public init(_ place: Place) {
        self.init(place: PlaceLink(id: place.id.description, name: place.name), code: place.codes.iata ?? place.codes.icao ?? place.id.code)
        (latitude, longitude) = (place.coordinate?.latitude, place.coordinate?.longitude)
        (continent, country, region, city) = (place.link(.continent), place.link(.country), place.link(.region), place.link(.city))
    }
}
