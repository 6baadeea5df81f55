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

        The coordinate is written as map apps copy it, in one argument or several: 48.8584 2.2945,
        "48.8584, 2.2945", or degrees, minutes and seconds with hemisphere letters
        (48°51'30.2"N 2°17'40.2"E, "48.8584° N, 2.2945° E"). Latitude first unless letters say
        otherwise; a western longitude is negative (-73.98), or put -- before it.

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
        if batch {
            guard words.count <= 1 else { throw UsageError("--batch takes at most one file") }
            return try runBatch(Resolver(gazetteer: gazetteer), input: words.first ?? "-")
        }
        guard !words.isEmpty else { throw UsageError("expected a coordinate: LAT LON") }
        let coordinate: GeoCoordinate
        do {
            coordinate = try GeoCoordinate(parsing: words.joined(separator: " "))
        } catch {
            throw UsageError("'\(words.joined(separator: " ").shown)' is not a coordinate: \(error.reason)")
        }
        let resolver = try Resolver(gazetteer: gazetteer)
        let chain: PlaceChain
        do {
            chain = try resolver.resolve(coordinate)
        } catch {
            throw UsageError("\(coordinate.latitude), \(coordinate.longitude): \(error.reason)", showsUsage: false)
        }
        if json {
            Console.out(chain.json())
        } else {
            Console.out(chain.text())
        }
        return .success
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
    ///
    /// Each line is rendered as bytes as its answer comes, and copied out in input order into
    /// the output buffer: no `String` per line, and the buffers keep their capacity from one
    /// batch to the next. The coordinates are resolved and rendered in two halves at once.
    private struct Batch {
        /// Rendered lines, one top-level value after another: bad input lines in the first,
        /// the answers of each half of the coordinates in the next two.
        var rendered = [JSONStream(), JSONStream(), JSONStream()]
        /// For each output line in input order: which buffer holds its bytes, and where.
        var lines: [(buffer: Int, range: Range<Int>)] = []
        var coordinates: [GeoCoordinate] = []
        /// For each coordinate: its output line, id and input line number.
        var slots: [(output: Int, id: JSONValue, line: Int)] = []
        /// The bytes written to stdout.
        var output: [UInt8] = []
        var bad = 0

        mutating func fail(id: JSONValue, _ reason: String) {
            bad += 1
            let start = rendered[0].bytes.count
            rendered[0].value(JSONValue.object([("id", id), ("error", .string(reason))]))
            lines.append((0, start..<rendered[0].bytes.count))
        }

        mutating func add(_ coordinate: GeoCoordinate, id: JSONValue, line: Int) {
            slots.append((lines.count, id, line))
            coordinates.append(coordinate)
            lines.append((0, 0..<0))
        }

        mutating func write(_ resolver: Resolver) {
            let middle = coordinates.count / 2
            let halves = [0..<middle, middle..<coordinates.count]
            let results = UnsafeMutableBufferPointer<(JSONStream, [(output: Int, range: Range<Int>)], Int)>.allocate(capacity: 2)
            results.initialize(repeating: (JSONStream(), [], 0))
            defer { results.deinitialize(); results.deallocate() }
            nonisolated(unsafe) let slotsOut = results
            let (coordinates, slots) = (self.coordinates, self.slots)
            var streams = [rendered[1], rendered[2]]
            for i in streams.indices { streams[i].bytes.removeAll(keepingCapacity: true) }
            nonisolated(unsafe) let reused = streams
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                var json = reused[half]
                var placed: [(output: Int, range: Range<Int>)] = []
                var failures = 0
                placed.reserveCapacity(halves[half].count)
                resolver.resolve(Array(coordinates[halves[half]])) { k, answer in
                    let slot = slots[halves[half].lowerBound + k]
                    let start = json.bytes.count
                    switch answer {
                    case .success(let chain): chain.write(to: &json, id: slot.id)
                    case .failure(let error):
                        failures += 1
                        json.value(JSONValue.object([("id", slot.id), ("error", .string("line \(slot.line): \(error.reason)"))]))
                    }
                    placed.append((slot.output, start..<json.bytes.count))
                }
                slotsOut[half] = (json, placed, failures)
            }
            for half in 0..<2 {
                rendered[half + 1] = results[half].0
                bad += results[half].2
                for (output, range) in results[half].1 { lines[output] = (half + 1, range) }
            }
            if !lines.isEmpty {
                output.removeAll(keepingCapacity: true)
                output.reserveCapacity(rendered.reduce(0) { $0 + $1.bytes.count } + lines.count)
                for (buffer, range) in lines {
                    output.append(contentsOf: rendered[buffer].bytes[range])
                    output.append(0x0A)
                }
                Console.outBytes(output)
            }
            rendered[0].bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
            self.coordinates.removeAll(keepingCapacity: true)
            self.slots.removeAll(keepingCapacity: true)
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
