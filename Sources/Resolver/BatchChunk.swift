import Gazetteer
import JSONWriter

/// A run of consecutive lines of `atlas resolve --batch`, read on one thread and answered on
/// another (``BatchPipeline``): parsed, and their coordinates resolved together (in the
/// resolver's cell order), each answer written as it comes; the reading thread then gathers the
/// lines' answers in input order (``writeAnswers(to:)``). Writing an answer at once, while the
/// resolver's tables for its cell are in the cache, spares keeping the answers until their
/// turn. An answer is a ``Resolution`` written from the resolver's tables, never a
/// ``PlaceChain``: making, copying and freeing a chain's links and strings counted references
/// shared by both cores some forty times a line. Its buffers keep their capacity from one
/// chunk to the next.
struct BatchChunk: ~Copyable {
    /// The lines, as read.
    var lines = BatchLines()
    /// Records of the first lines, parsed as they were read (the first that is not blank decides
    /// how the others read), and where the lines left to parse start.
    var head: [BatchInput.Record] = []
    var first = 0
    /// The parser of the lines after the head.
    var parser = BatchLineParser()
    /// How many lines were bad.
    private(set) var bad = 0
    private var records: [BatchInput.Record] = []
    private var coordinates: [GeoCoordinate] = []
    /// For each coordinate: the record it was read from, its numbers as read when they are
    /// written so, and where its answer lies in `answers`.
    private var recordOf: [Int32] = []
    private var texts: [CoordinateText?] = []
    private var answerStarts: [Int] = [], answerEnds: [Int] = []
    /// The coordinates' answers in the order they were resolved.
    private var answers = ByteBuffer()
    private var scratch: [UInt8] = []

    /// Parses the lines, resolves their coordinates with `resolver` and writes their answers.
    mutating func answer(with resolver: Resolver) {
        var parser = self.parser
        records.removeAll(keepingCapacity: true)
        coordinates.removeAll(keepingCapacity: true)
        recordOf.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        var text: CoordinateText?
        for k in 0..<(head.count + lines.count - first) {
            text = nil
            let record = k < head.count ? head[k] : lines.record(first + k - head.count, parser: &parser, scratch: &scratch, text: &text)
            guard let record else { continue }
            if case .coordinate(let coordinate, _, _) = record {
                coordinates.append(coordinate)
                recordOf.append(Int32(records.count))
                texts.append(text)
            }
            records.append(record)
        }
        answers.removeAll()
        answerStarts.removeAll(keepingCapacity: true)
        answerStarts.append(contentsOf: repeatElement(0, count: coordinates.count))
        answerEnds.removeAll(keepingCapacity: true)
        answerEnds.append(contentsOf: repeatElement(0, count: coordinates.count))
        bad = 0
        resolver.resolutions(coordinates) { k, answer, firstUse in
            guard case .coordinate(_, let id, let line) = records[Int(recordOf[k])] else { return }
            answerStarts[k] = answers.count
            switch answer {
            case .success(let found):
                if let text = texts[k] {
                    text.withNumbers { resolver.append(found, id: id.json, to: &answers, &firstUse, numbers: ($0, $1)) }
                } else {
                    resolver.append(found, id: id.json, to: &answers, &firstUse)
                }
            case .failure(let error):
                bad += 1
                Self.fail(id: id.json, "line \(line): \(error.reason)", to: &answers)
            }
            answerEnds[k] = answers.count
        }
        // And every line that does not parse.
        bad += records.count - coordinates.count
    }

    /// Every line's answer, in input order, each ended by a newline, appended to `out`.
    func writeAnswers(to out: inout ByteBuffer) {
        var next = 0
        for record in records {
            switch record {
            case .coordinate:
                let range = answerStarts[next]..<answerEnds[next]
                answers.withUnsafeBytes { out.append(bytes: UnsafeBufferPointer(rebasing: $0.assumingMemoryBound(to: UInt8.self)[range])) }
                next += 1
            case .error(let id, let line, let reason):
                Self.fail(id: id.json, "line \(line): \(reason)", to: &out)
            }
            out.append(0x0A)
        }
    }

    private static func fail(id: JSONValue, _ reason: String, to out: inout ByteBuffer) {
        var rendered: [UInt8] = []
        JSONValue.object([("id", id), ("error", .string(reason))]).render(into: &rendered)
        out.append(bytes: rendered)
    }
}
