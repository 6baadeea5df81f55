import Foundation
import Gazetteer
import Importer
import Passport
import TravelLog

/// `atlas flights`, `atlas flights import FILE...`, `atlas flights remove ID`.
enum FlightsCommand: Command {
    static let answersAndExits = true
    static let year = SharedOptions.year("Only that year's flights.")
    static let declaration = CommandDeclaration(
        name: "flights", summary: "Import flight logs (CSV) and list or remove their flights", forms: ["", "import FILE... [--db PATH]", "remove ID... [--db PATH]"],
        about: """
            Flights count even when no photo was taken at the gate: their airports are used
            (departure and arrival), their countries are passed through (transit) unless photos or
            marks that day make them visits, and 'stats' counts the flights and the great-circle
            distance flown; trips list the flights dated within them.

            'import' reads CSV flight logs, recognised by their header: a plain one with the
            columns date,from,to[,flight][,airline] (airports as IATA or ICAO codes, dates
            YYYY-MM-DD), the export of OpenFlights (Date,From,To,Flight_Number,...) or of
            myFlightradar24 (Date,Flight number,From,To,... with airports written like
            'Frankfurt / Frankfurt International (FRA/EDDF)'). A flight is its date, airports and
            flight number: importing a log again adds nothing. Lines with an unknown airport or a
            bad date are named on stderr; the others are imported.

            The listing shows each flight's identifier (DATE-FROM-TO[-FLIGHT]), which 'remove' takes.
            """,
        options: [year.declaration,
                  SharedOptions.db.declaration,
                  SharedOptions.gazetteer.declaration,
                  SharedOptions.json("One JSON object per flight: id, date, from and to (id, name, code, position, places), flight, airline, km, source, line.").declaration],
        exitStatus: "0 done, 1 usage error (no such flight), 2 travel log or gazetteer problem, 3 some lines or files could not be read (listed on stderr).")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let year = try arguments.value(Self.year)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        switch words.first {
        case nil:
            return try list(TravelLog(path: dbPath, readOnly: true), year: year, json: json)
        case "import":
            guard words.count > 1 else { throw UsageError("flights import takes one or more FILEs") }
            return try importLogs(Array(words.dropFirst()), into: TravelLog(path: dbPath), gazetteer: gazetteer)
        case "remove":
            guard words.count > 1 else { throw UsageError("flights remove takes one or more IDs ('atlas flights' lists them)") }
            let log = try TravelLog(path: dbPath)
            let known = try log.flights().map(\.id)
            for id in words.dropFirst() {
                guard try log.removeFlight(id: id) else {
                    throw UsageError("no flight '\(id.shown)'" + Suggestion.didYouMean(id, among: known), showsUsage: false)
                }
                Console.out("Removed \(id)")
            }
            return .success
        case let word?:
            throw UsageError("unknown action '\(word.shown)': flights takes import or remove, or nothing"
                             + Suggestion.didYouMean(word, among: ["import", "remove"]))
        }
    }

    private static func importLogs(_ paths: [String], into log: TravelLog, gazetteer: Gazetteer) throws -> ExitStatus {
        var failed = false
        for path in paths {
            let flightLog: FlightLog
            do {
                flightLog = try FlightLog.read(path: path, gazetteer: gazetteer)
            } catch let error as CocoaError {
                Console.error("atlas flights: '\(path.shown)': \(error.plainReason)")
                failed = true
                continue
            } catch {
                Console.error("atlas flights: '\(path.shown)': \(error)")
                failed = true
                continue
            }
            for p in flightLog.problems { Console.error("atlas flights: \(path.shown):\(p.line): \(p.message)") }
            failed = failed || !flightLog.problems.isEmpty
            let added = try log.saveFlights(flightLog.flights)
            let known = flightLog.flights.count - added
            Console.out("\(path): \(counted(added, "flight")) imported (\(flightLog.format.rawValue))"
                        + (known > 0 ? ", \(grouped(known)) already known" : "")
                        + (flightLog.problems.isEmpty ? "" : ", \(counted(flightLog.problems.count, "line")) not read"))
        }
        return failed ? .partial : .success
    }

    private static func list(_ log: TravelLog, year: Int?, json: Bool) throws -> ExitStatus {
        let prefix = year.map { String(format: "%04d-", $0) }
        let flights = try log.flights().filter { f in prefix.map(f.date.hasPrefix) ?? true }
        if json {
            Console.out(jsonLines: flights.lazy.map { TravelRecord.json($0) })
            return .success
        }
        guard !flights.isEmpty else {
            Console.error("No flights" + (year.map { " in \($0)" } ?? "") + " ('atlas flights import FILE' reads a flight log).")
            return .success
        }
        Console.out(TextTable.columns(["DATE", "FROM", "TO", "FLIGHT", "KM", "ID"], flights.map { f in
            [f.date, "\(f.from.code) \(f.from.country?.name ?? "")", "\(f.to.code) \(f.to.country?.name ?? "")", f.flightNumber.isEmpty ? "-" : f.flightNumber,
             grouped(Int(f.km.rounded())), f.id]
        }))
        let km = flights.reduce(0) { $0 + $1.km }
        Console.out("\(counted(flights.count, "flight")), \(grouped(Int(km.rounded()))) km")
        return .success
    }
}
