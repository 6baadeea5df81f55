import Dispatch
import Foundation
import Gazetteer
import JSONWriter

extension Resolver {
    /// How many lines of a batch file are answered together (``BatchChunk``): a quarter of
    /// ``batchSize``. On a million lines, 16,384, 32,768 and 65,536 took the same time (2.39,
    /// 2.41, 2.44 s, medians of three on two cores), the smaller less memory (201, 256, 382 MB
    /// resident) and fewer page faults: a chunk for each answering thread and two more, being
    /// read and written, are some 8 MB each.
    static let chunkLines = batchSize / 4
    /// The most threads that answer chunks: each holds a chunk, and more would hold more memory.
    static let answeringThreads = 4

    /// Answers every line of `reader` with one JSON object per line, in input order, given to
    /// `write` a chunk at a time (``chunkLines`` lines): the chain (``PlaceChain/write(to:id:)``)
    /// with the line's id, or `{"id":…,"error":"line N: …"}` for a line that does not parse or a
    /// coordinate the resolver refuses. Returns how many lines were bad; what the reader cannot
    /// read (``BatchInput/Failure``) is thrown after the lines before it are written.
    ///
    /// This thread reads the chunks and writes their answers in input order; a thread per core
    /// answers them, each the next chunk read (``BatchPipeline``). Only the first line that is not blank is
    /// parsed as it is read, since it may be the header that decides how the others read.
    ///
    /// ```swift
    /// var reader = BatchInput(descriptor: STDIN_FILENO)
    /// let bad = try resolver.answer(&reader) { bytes in FileHandle.standardOutput.write(Data(bytes)) }
    /// ```
    public func answer(_ reader: inout BatchInput, write: (UnsafeRawBufferPointer) -> Void) throws(BatchInput.Failure) -> Int {
        let threads = max(1, min(Self.answeringThreads, ProcessInfo.processInfo.activeProcessorCount))
        let pipeline = BatchPipeline(slots: threads + 2)
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            let thread = Thread { [self] in
                while let i = pipeline.nextToAnswer() {
                    pipeline.chunks[i % pipeline.slots].answer(with: self)
                    pipeline.answered(i)
                }
                finished.leave()
            }
            thread.stackSize = 1 << 23
            thread.start()
        }
        defer {
            pipeline.close()
            finished.wait()
        }
        var bad = 0, more = true
        var failure: BatchInput.Failure?
        // One buffer for the answers of every chunk in turn.
        var output = ByteBuffer()
        while let writeNext = pipeline.waitForTurn(more: more) {
            if writeNext {
                let slot = pipeline.writeSlot
                bad += pipeline.chunks[slot].bad
                output.removeAll()
                pipeline.chunks[slot].writeAnswers(to: &output)
                if !output.isEmpty { output.withUnsafeBytes(write) }
                pipeline.written()
                continue
            }
            let chunk = pipeline.chunks.baseAddress! + pipeline.readSlot
            reader.read(upTo: Self.chunkLines, into: &chunk.pointee.lines)
            chunk.pointee.head.removeAll(keepingCapacity: true)
            var first = 0
            while first < chunk.pointee.lines.count, !reader.parser.firstLineSeen {
                if let record = reader.record(chunk.pointee.lines, first) { chunk.pointee.head.append(record) }
                first += 1
            }
            (chunk.pointee.first, chunk.pointee.parser) = (first, reader.parser)
            if chunk.pointee.lines.isLast || chunk.pointee.lines.failure != nil {
                more = false
                failure = chunk.pointee.lines.failure
            }
            pipeline.published()
        }
        if let failure { throw failure }
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
