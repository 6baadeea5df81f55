import Gazetteer
import JSONWriter

/// One thread's share of a batch of `atlas resolve --batch`: a run of consecutive lines
/// parsed, their coordinates resolved together (in the resolver's cell order, answers kept by
/// position), then every line's answer written once, in input order, into ``json``, each
/// ended by a newline. Its buffers keep their capacity from one batch to the next.
struct BatchHalf: ~Copyable {
    /// This half's output: what is handed to the writer.
    var json = ByteBuffer()
    /// How many lines of the last batch were bad.
    private(set) var bad = 0
    private var records: [BatchInput.Record] = []
    private var coordinates: [GeoCoordinate] = []
    private var answers: [Result<PlaceChain, ResolverError>?] = []
    private var scratch: [UInt8] = []

    /// Answers the records `head` (already parsed) and the lines `range` of `lines`.
    mutating func answer(_ head: [BatchInput.Record], lines: BatchLines, _ range: Range<Int>, parser: BatchLineParser, resolver: Resolver) {
        var parser = parser
        records.removeAll(keepingCapacity: true)
        coordinates.removeAll(keepingCapacity: true)
        func add(_ record: BatchInput.Record) {
            if case .coordinate(let coordinate, _, _) = record { coordinates.append(coordinate) }
            records.append(record)
        }
        head.forEach(add)
        for k in range {
            if let record = lines.record(k, parser: &parser, scratch: &scratch) { add(record) }
        }
        answers.removeAll(keepingCapacity: true)
        answers.append(contentsOf: repeatElement(nil, count: coordinates.count))
        resolver.resolve(coordinates) { k, answer in answers[k] = answer }

        json.removeAll()
        bad = 0
        var next = 0
        for record in records {
            switch record {
            case .coordinate(_, let id, let line):
                // Moved out, not copied: a copy retains every link of the chain.
                switch answers[next].take()! {
                case .success(let chain): chain.append(to: &json, id: id.json)
                case .failure(let error): fail(id: id.json, "line \(line): \(error.reason)")
                }
                next += 1
            case .error(let id, let line, let reason):
                fail(id: id.json, "line \(line): \(reason)")
            }
            json.append(0x0A)
        }
    }

    private mutating func fail(id: JSONValue, _ reason: String) {
        bad += 1
        var rendered: [UInt8] = []
        JSONValue.object([("id", id), ("error", .string(reason))]).render(into: &rendered)
        json.append(bytes: rendered)
    }
}
