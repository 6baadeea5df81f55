import Foundation
import Gazetteer
import JSONWriter
import Resolver
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
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
          --batch [FILE|-]  Read CSV lines 'lat,lon[,id]' (a header line is allowed) from FILE or
                            stdin; write one JSON object per line, in input order, echoing id.
                            A bad line gives {"id":…,"error":"…"} and the batch goes on.
                            Lines are resolved and written 65,536 at a time; a line
                            over 1 MiB is an error for that line.
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
        var reader = LineReader(descriptor, maximumLength: maximumLineLength)
        while true {
            let line: LineReader.Line
            do {
                guard let next = try reader.next() else { break }
                line = next
            } catch {
                batch.write(resolver)
                Console.error("atlas resolve: '\(input == "-" ? "stdin" : input.shown)': \(error.reason)")
                return .fatal
            }
            let lineNumber = reader.lineNumber
            switch line {
            case .tooLong:
                batch.fail(id: .null, "line \(lineNumber): longer than \(maximumLineLength) bytes")
            case .text(let line):
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                if fields.allSatisfy(\.isEmpty) { continue }
                let id: JSONValue = fields.count >= 3 ? .string(fields[2]) : .null
                if fields.count >= 2, let lat = Double(fields[0]), let lon = Double(fields[1]) {
                    batch.add(GeoCoordinate(latitude: lat, longitude: lon), id: id, line: lineNumber)
                } else if lineNumber > 1 {  // line 1 may be a header
                    batch.fail(id: id, "line \(lineNumber): expected lat,lon[,id]")
                }
            }
            // Bad lines count too, so that memory stays bounded whatever the input.
            if batch.lines.count >= Resolver.batchSize { batch.write(resolver) }
        }
        batch.write(resolver)
        return batch.bad == 0 ? .success : .partial
    }

    /// The longest batch line, in bytes: a longer one is an error for that line, and reading
    /// goes on after its newline.
    static let maximumLineLength = 1 << 20

    /// Output lines waiting for the coordinates among them to be resolved together (the
    /// resolver's batch is faster than one at a time); written in input order.
    ///
    /// Each line is rendered as bytes into one buffer as its answer comes (in the resolver's
    /// order), and copied out in input order into a second buffer: no `String` per line, and
    /// both buffers keep their capacity from one batch to the next.
    private struct Batch {
        /// Rendered lines, in the order they were rendered.
        var rendered: [UInt8] = []
        /// For each output line in input order: where its bytes are in `rendered`.
        var lines: [Range<Int>] = []
        var coordinates: [GeoCoordinate] = []
        /// For each coordinate: its output line, id and input line number.
        var slots: [(output: Int, id: JSONValue, line: Int)] = []
        /// The bytes written to stdout.
        var output: [UInt8] = []
        var bad = 0

        private mutating func render(_ value: JSONValue) -> Range<Int> {
            let start = rendered.count
            value.render(into: &rendered)
            return start..<rendered.count
        }

        mutating func fail(id: JSONValue, _ reason: String) {
            bad += 1
            lines.append(render(JSONValue.object([("id", id), ("error", .string(reason))])))
        }

        mutating func add(_ coordinate: GeoCoordinate, id: JSONValue, line: Int) {
            slots.append((lines.count, id, line))
            coordinates.append(coordinate)
            lines.append(0..<0)
        }

        mutating func write(_ resolver: Resolver) {
            resolver.resolve(coordinates) { k, answer in
                let slot = slots[k]
                switch answer {
                case .success(let chain): lines[slot.output] = render(chain.json(id: slot.id))
                case .failure(let error):
                    bad += 1
                    lines[slot.output] = render(JSONValue.object([("id", slot.id), ("error", .string("line \(slot.line): \(error.reason)"))]))
                }
            }
            if !lines.isEmpty {
                output.removeAll(keepingCapacity: true)
                output.reserveCapacity(rendered.count + lines.count)
                for range in lines {
                    output.append(contentsOf: rendered[range])
                    output.append(0x0A)
                }
                Console.outBytes(output)
            }
            rendered.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
            coordinates.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
        }
    }
}

/// Lines of a file descriptor, read 64 KiB at a time; the last line need not end with a
/// newline, and a "\r\n" ending loses its "\r". Each byte read is searched once, so time is
/// linear in the input however long its lines. A line longer than `maximumLength` bytes comes
/// back as ``Line/tooLong`` without being kept (memory stays bounded) and reading goes on
/// after its newline. A NUL byte ends the input with an error: it is not text (`/dev/zero`).
struct LineReader {
    enum Line: Equatable {
        case text(String)
        case tooLong
    }

    struct Failure: Error {
        let reason: String
    }

    private let descriptor: Int32
    private let maximumLength: Int
    private var buffer: [UInt8] = []
    /// What one read fills.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// Where the current line starts in `buffer`.
    private var start = 0
    /// `buffer[start..<scanned]` holds no newline.
    private var scanned = 0
    /// Inside a line over the limit, whose bytes are dropped as they come.
    private var skipping = false
    private var finished = false
    /// Why the input ended early, reported once the lines before it are out.
    private var failure: Failure?
    /// The number of the line `next()` returned last (1-based).
    private(set) var lineNumber = 0

    init(_ descriptor: Int32, maximumLength: Int) {
        self.descriptor = descriptor
        self.maximumLength = maximumLength
    }

    mutating func next() throws(Failure) -> Line? {
        while true {
            if let newline = firstNewline() {
                lineNumber += 1
                var end = newline
                let wasSkipping = skipping
                skipping = false
                defer { start = newline + 1; scanned = start }
                if wasSkipping || end - start > maximumLength { return .tooLong }
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                return .text(String(decoding: buffer[start..<end], as: UTF8.self))
            }
            scanned = buffer.count
            if skipping || buffer.count - start > maximumLength {
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                (start, scanned) = (0, 0)
            }
            if finished {
                if skipping {
                    skipping = false
                    lineNumber += 1
                    return .tooLong
                }
                if start < buffer.count {
                    lineNumber += 1
                    var end = buffer.count
                    if buffer[end - 1] == 0x0D { end -= 1 }
                    defer { start = buffer.count; scanned = start }
                    return .text(String(decoding: buffer[start..<end], as: UTF8.self))
                }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                return nil
            }
            try read()
        }
    }

    /// The first newline after `scanned`, searching only bytes not searched before.
    private func firstNewline() -> Int? {
        guard scanned < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { p -> Int? in
            guard let hit = memchr(p.baseAddress! + scanned, 0x0A, p.count - scanned) else { return nil }
            return UnsafeRawPointer(p.baseAddress!).distance(to: UnsafeRawPointer(hit))
        }
    }

    private mutating func read() throws(Failure) {
        // Drop the lines already returned once they are at least half the buffer: each byte
        // is moved a bounded number of times.
        if start > 0, start >= buffer.count - start {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        var n: Int
        repeat {
            n = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
        } while n < 0 && errno == EINTR
        if n < 0 {
            let reason = String(cString: strerror(errno))
            throw Failure(reason: lineNumber == 0 ? "cannot read: \(reason)" : "cannot read after line \(lineNumber): \(reason)")
        }
        let old = buffer.count
        buffer.append(contentsOf: chunk[0..<n])
        if n == 0 { finished = true; return }
        let nul = buffer.withUnsafeBufferPointer { p -> Int? in
            memchr(p.baseAddress! + old, 0, n).map { UnsafeRawPointer(p.baseAddress!).distance(to: UnsafeRawPointer($0)) }
        }
        if let nul {
            // What comes before the NUL is read as usual; the line holding it is the error.
            buffer.removeSubrange(nul...)
            let complete = buffer[start...].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            failure = Failure(reason: "line \(lineNumber + complete + 1) holds a NUL byte: not a text file")
            finished = true
            // The partial line before the NUL is part of the bad line, not a line of its own.
            if let lastNewline = buffer.lastIndex(of: 0x0A), lastNewline >= start {
                buffer.removeSubrange((lastNewline + 1)...)
            } else {
                buffer.removeSubrange(start...)
                if skipping { skipping = false }
            }
        }
    }
}
