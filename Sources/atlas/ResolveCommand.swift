import Foundation
import Gazetteer
import JSONWriter
import Resolver

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
          --batch [FILE|-]  Read CSV lines 'lat,lon[,id]' (a header line is allowed) from FILE or
                            stdin; write one JSON object per line, in input order, echoing id.
                            A bad line gives {"id":…,"error":"…"} and the batch goes on.
                            Lines are resolved and written 65,536 at a time.
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 done, 1 usage error, 2 gazetteer problem, 3 some batch lines were bad.
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
        let handle: FileHandle
        if input == "-" {
            handle = .standardInput
        } else {
            guard let file = FileHandle(forReadingAtPath: input) else {
                Console.error("atlas resolve: \(input): cannot open")
                return .fatal
            }
            handle = file
        }
        var batch = Batch()
        var lineNumber = 0
        for line in LineReader(handle) {
            lineNumber += 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.allSatisfy(\.isEmpty) { continue }
            let id: JSONValue = fields.count >= 3 ? .string(fields[2]) : .null
            if fields.count >= 2, let lat = Double(fields[0]), let lon = Double(fields[1]) {
                batch.add(GeoCoordinate(latitude: lat, longitude: lon), id: id, line: lineNumber)
            } else if lineNumber > 1 {  // line 1 may be a header
                batch.fail(id: id, "line \(lineNumber): expected lat,lon[,id]")
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
            if !lines.isEmpty { FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }
            (lines, coordinates, slots) = ([], [], [])
        }
    }
}

/// Lines of a file handle, read in chunks; the last line need not end with a newline.
struct LineReader: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func next() -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                var line = buffer[position..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                position = newline + 1
                return String(decoding: line, as: UTF8.self)
            }
            if finished {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count }
                return String(decoding: buffer[position...], as: UTF8.self)
            }
            buffer.removeSubrange(0..<position)
            position = 0
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { finished = true } else { buffer += chunk }
        }
    }
}
