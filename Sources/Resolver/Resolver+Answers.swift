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
    /// Each batch is cut in two halves of lines, and each half is parsed, resolved and written
    /// on a thread of its own (``BatchHalf``), straight into the buffer handed to `write`; only
    /// the first line that is not blank is read before, since it may be the header that
    /// decides how the others read.
    ///
    /// ```swift
    /// var reader = BatchInput(descriptor: STDIN_FILENO)
    /// let bad = try resolver.answer(&reader) { bytes in FileHandle.standardOutput.write(Data(bytes)) }
    /// ```
    public func answer(_ reader: inout BatchInput, write: (UnsafeRawBufferPointer) -> Void) throws(BatchInput.Failure) -> Int {
        var lines = BatchLines()
        let halves = UnsafeMutableBufferPointer<BatchHalf>.allocate(capacity: 2)
        for half in 0..<2 { halves.initializeElement(at: half, to: BatchHalf()) }
        defer { halves.deinitialize(); halves.deallocate() }
        nonisolated(unsafe) let shared = halves
        var bad = 0
        repeat {
            reader.read(upTo: Self.batchSize, into: &lines)
            var head: [BatchInput.Record] = []
            var first = 0
            while first < lines.count, !reader.parser.firstLineSeen {
                if let record = reader.record(lines, first) { head.append(record) }
                first += 1
            }
            let middle = first + (lines.count - first) / 2
            let ranges = [first..<middle, middle..<lines.count]
            let (parser, parsed) = (reader.parser, head)
            nonisolated(unsafe) let batch = lines
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                shared[half].answer(half == 0 ? parsed : [], lines: batch, ranges[half], parser: parser, resolver: self)
            }
            for half in 0..<2 {
                bad += shared[half].bad
                if !shared[half].json.isEmpty { shared[half].json.withUnsafeBytes(write) }
            }
            if let failure = lines.failure { throw failure }
        } while !lines.isLast
        return bad
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
