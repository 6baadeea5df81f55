/// A batch of input lines copied out of a ``BatchInput``, blank ones included: their bytes one
/// after another, where each starts, and their line numbers. Immutable once read, so that
/// several threads parse parts of it at once; its buffers keep their capacity from one batch
/// to the next.
struct BatchLines {
    /// The lines' bytes, end to end, without their line endings.
    private(set) var bytes: [UInt8] = []
    /// For each line: where its bytes start in `bytes`, or -1 for a line too long to keep;
    /// and its number in the input (1-based).
    private(set) var starts: [Int] = []
    private(set) var numbers: [Int] = []
    /// Where each line's bytes end.
    private(set) var ends: [Int] = []
    /// Why the input ended after these lines, when it ended early.
    var failure: BatchInput.Failure?
    /// The input ended after these lines.
    var isLast = false
    /// The longest line the input keeps, named in the error of a longer one.
    var maximumLineLength = BatchInput.maximumLineLength

    var count: Int { starts.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        (failure, isLast) = (nil, false)
    }

    /// Adds a line: its bytes, or nil when it was too long.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>?, line number: Int) {
        if let line {
            starts.append(bytes.count)
            bytes.append(contentsOf: line)
        } else {
            starts.append(-1)
        }
        ends.append(bytes.count)
        numbers.append(number)
    }

    /// The record of line `k`, parsed by `parser` (nil for a blank line or the header); the
    /// line's bytes are copied into `scratch`, which keeps its capacity, unless the line is two
    /// plain numbers (``BatchLineParser/plainRecord(_:line:)``). For such a line whose numbers
    /// print as they read, `text` is set to them (else nil).
    func record(_ k: Int, parser: inout BatchLineParser, scratch: inout [UInt8], text: inout CoordinateText?) -> BatchInput.Record? {
        text = nil
        guard starts[k] >= 0 else { return parser.tooLong(line: numbers[k], limit: maximumLineLength) }
        let range = starts[k]..<ends[k]
        if let plain = bytes.withUnsafeBufferPointer({ all in
            let line = UnsafeBufferPointer(rebasing: all[range])
            let plain = parser.plainRecord(line, line: numbers[k])
            if plain != nil { text = CoordinateText(line: line) }
            return plain
        }) {
            return plain
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[range])
        return parser.parse(scratch, line: numbers[k])
    }
}
