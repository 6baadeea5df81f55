import Foundation
import Gazetteer
import JSONWriter
import Resolver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `atlas resolve LAT LON` and `atlas resolve --batch [FILE|-]`: coordinates to place chains.
enum ResolveCommand: Command {
    static let name = "resolve"
    static let summary = "Resolve coordinates to continent, country, region, city, district and airport"
    static let help = """
        Usage: atlas resolve LAT LON [--json]
               atlas resolve --batch [FILE|-]

        Resolves a coordinate offline: polygon containment gives the country and region, the
        nearest city is searched inside them (with its district: neighbourhood, arrondissement,
        ward, when the gazetteer has one there), an airport is added within its radius, and a
        point at sea is placed in territorial (12 nmi) or international waters.

        Options:
          --json            One JSON object instead of aligned text.
          --batch [FILE|-]  Read coordinates from FILE or stdin, one a line: 'lat,lon[,id]'
                            separated by ',', ';', a tab or spaces (the character after the
                            first field decides; quote an id with "…"), or a JSON object
                            {"lat":…,"lon":…,"id":…} (also latitude, lng, longitude). A first
                            line naming the columns (lat, lon, id in any order) is a header.
                            Write one JSON object per line, in input order, echoing id. A line
                            that does not parse gives {"id":…,"error":"line N: …"} and the
                            batch goes on; blank lines are skipped. Lines are resolved and
                            written 65,536 at a time; a line over 1 MiB is an error.
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 done, 1 usage error, 2 gazetteer problem or batch input that cannot be
        opened or read (a directory, a NUL byte), 3 some batch lines were bad, 4 output error.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let batch = arguments.flag("--batch")
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        let resolver = try Resolver(gazetteer: gazetteer)

        if batch {
            guard words.count <= 1 else { throw UsageError("--batch takes at most one file") }
            return try runBatch(resolver, input: words.first ?? "-")
        }
        guard words.count == 2, let lat = Double(words[0]), let lon = Double(words[1]) else {
            throw UsageError("expected LAT LON as decimal degrees, got '\(words.joined(separator: " "))'")
        }
        do {
            let chain = try resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon))
            Console.out(json ? chain.json(id: nil).rendered() : chain.text())
            return .success
        } catch {
            throw UsageError("\(lat), \(lon): \(error.reason)")
        }
    }

    private static func runBatch(_ resolver: Resolver, input: String) throws -> ExitStatus {
        let descriptor = input == "-" ? STDIN_FILENO : open(input, O_RDONLY)
        guard descriptor >= 0 else {
            Console.error("atlas resolve: '\(input.shown)': cannot open: \(String(cString: strerror(errno)))")
            return .fatal
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var batch = Batch()
        var reader = BatchInput(descriptor: descriptor)
        while true {
            let record: BatchInput.Record
            do {
                guard let next = try reader.next() else { break }
                record = next
            } catch {
                batch.write(resolver)
                Console.error("atlas resolve: '\(input == "-" ? "stdin" : input.shown)': \(error.reason)")
                return .fatal
            }
            switch record {
            case .coordinate(let coordinate, let id, let line): batch.add(coordinate, id: id.json, line: line)
            case .error(let id, let line, let reason): batch.fail(id: id.json, "line \(line): \(reason)")
            }
            // Bad lines count too, so that memory stays bounded whatever the input.
            if batch.lines.count >= Resolver.batchSize { batch.write(resolver) }
        }
        batch.write(resolver)
        return batch.bad == 0 ? .success : .partial
    }

    /// Output lines waiting for the coordinates among them to be resolved together (the
    /// resolver's batch is faster than one at a time); written in input order.
    private struct Batch {
        var lines: [String] = []
        var coordinates: [GeoCoordinate] = []
        /// For each coordinate: its output line, id and input line number.
        var slots: [(output: Int, id: JSONValue, line: Int)] = []
        var bad = 0

        mutating func fail(id: JSONValue, _ reason: String) {
            bad += 1
            lines.append(JSONValue.object([("id", id), ("error", .string(reason))]).rendered())
        }

        mutating func add(_ coordinate: GeoCoordinate, id: JSONValue, line: Int) {
            slots.append((lines.count, id, line))
            coordinates.append(coordinate)
            lines.append("")
        }

        mutating func write(_ resolver: Resolver) {
            resolver.resolve(coordinates) { k, answer in
                let slot = slots[k]
                switch answer {
                case .success(let chain): lines[slot.output] = chain.json(id: slot.id).rendered()
                case .failure(let error):
                    bad += 1
                    lines[slot.output] = JSONValue.object([("id", slot.id), ("error", .string("line \(slot.line): \(error.reason)"))]).rendered()
                }
            }
            if !lines.isEmpty { Console.outBytes(Data((lines.joined(separator: "\n") + "\n").utf8)) }
            (lines, coordinates, slots) = ([], [], [])
        }
    }
}

extension BatchInput.ID? {
    /// The id echoed in a batch answer: a string, a number as it was written, or null.
    var json: JSONValue {
        switch self {
        case .string(let s)?: return .string(s)
        case .number(let text)?: return .numberText(text)
        case nil: return .null
        }
    }
}
