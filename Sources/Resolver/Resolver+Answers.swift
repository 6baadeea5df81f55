import Dispatch
import Gazetteer
import JSONWriter

extension Resolver {
    /// Answers every line of `reader` with one JSON object per line, in input order, given to
    /// `write` a batch at a time (``batchSize`` lines): the chain (``PlaceChain/write(to:id:)``)
    /// with the line's id, or `{"id":…,"error":"line N: …"}` for a line that does not parse or a
    /// coordinate the resolver refuses. Returns how many lines were bad; what the reader cannot
    /// read (``BatchInput/Failure``) is thrown after the lines before it are written.
    ///
    /// ```swift
    /// var reader = BatchInput(descriptor: STDIN_FILENO)
    /// let bad = try resolver.answer(&reader) { bytes in FileHandle.standardOutput.write(Data(bytes)) }
    /// ```
    public func answer(_ reader: inout BatchInput, write: ([UInt8]) -> Void) throws(BatchInput.Failure) -> Int {
        var batch = BatchAnswers()
        while true {
            let record: BatchInput.Record
            do {
                guard let next = try reader.next() else { break }
                record = next
            } catch {
                write(batch.flush(self))
                throw error
            }
            switch record {
            case .coordinate(let coordinate, let id, let line): batch.add(coordinate, id: id.json, line: line)
            case .error(let id, let line, let reason): batch.fail(id: id.json, "line \(line): \(reason)")
            }
            // Bad lines count too, so that memory stays bounded whatever the input.
            if batch.lines.count >= Self.batchSize { write(batch.flush(self)) }
        }
        write(batch.flush(self))
        return batch.bad
    }
}

/// Output lines waiting for the coordinates among them to be resolved together (the
/// resolver's batch is faster than one at a time); handed out in input order.
///
/// Each line is rendered as bytes as its answer comes, and copied out in input order into
/// the output buffer: no `String` per line, and the buffers keep their capacity from one
/// batch to the next. The coordinates are resolved and rendered in two halves at once.
struct BatchAnswers {
    /// Rendered lines, one top-level value after another: bad input lines in the first,
    /// the answers of each half of the coordinates in the next two.
    var rendered = [JSONStream(), JSONStream(), JSONStream()]
    /// For each output line in input order: which buffer holds its bytes, and where.
    var lines: [(buffer: Int, range: Range<Int>)] = []
    var coordinates: [GeoCoordinate] = []
    /// For each coordinate: its output line, id and input line number.
    var slots: [(output: Int, id: JSONValue, line: Int)] = []
    /// The bytes of the last flush.
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

    /// Resolves the coordinates added, and returns every line since the last flush, in input
    /// order, each ended by a newline.
    mutating func flush(_ resolver: Resolver) -> [UInt8] {
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
        output.removeAll(keepingCapacity: true)
        if !lines.isEmpty {
            output.reserveCapacity(rendered.reduce(0) { $0 + $1.bytes.count } + lines.count)
            for (buffer, range) in lines {
                output.append(contentsOf: rendered[buffer].bytes[range])
                output.append(0x0A)
            }
        }
        rendered[0].bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        self.coordinates.removeAll(keepingCapacity: true)
        self.slots.removeAll(keepingCapacity: true)
        return output
    }
}

extension Optional where Wrapped == BatchInput.ID {
    /// The id echoed in a batch answer: a string, a number as it was written, or null.
    var json: JSONValue {
        switch self {
        case .string(let s)?: return .string(s)
        case .number(let text)?: return .numberText(text)
        case nil: return .null
        }
    }
}
