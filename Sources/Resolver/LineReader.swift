#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

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

    /// A line as ``nextPiece()`` gives it: where its bytes are in the reader's buffer (valid
    /// until the next call; read them with ``withBytes(_:_:)``), or too long to be kept.
    enum Piece: Equatable {
        case bytes(Range<Int>)
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
        switch try nextPiece() {
        case nil: return nil
        case .tooLong: return .tooLong
        case .bytes(let range): return .text(String(decoding: buffer[range], as: UTF8.self))
        }
    }

    /// The bytes of a piece ``nextPiece()`` just returned.
    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The next line without a `String` made of it: what a batch reader copies as bytes.
    mutating func nextPiece() throws(Failure) -> Piece? {
        while true {
            if let newline = firstNewline() {
                lineNumber += 1
                var end = newline
                let wasSkipping = skipping
                skipping = false
                defer { start = newline + 1; scanned = start }
                if wasSkipping || end - start > maximumLength { return .tooLong }
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                return .bytes(start..<end)
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
                    return .bytes(start..<end)
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
