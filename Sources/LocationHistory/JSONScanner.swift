#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pull tokenizer of JSON over a stream of bytes read in fixed chunks: the reader asks for
/// the next key, element or value and gets bytes, never a document tree, so a file of several
/// gigabytes is read with one buffer of ``defaultChunk`` + ``maximumString`` bytes.
///
/// ```swift
/// let scanner = JSONScanner(source: .memory(Array(#"{"a":[1,2]}"#.utf8)))
/// try scanner.beginObject()
/// while try scanner.nextKey() {
///     if case "a" = scanner.key { try scanner.beginArray(); while try scanner.nextElement() { _ = try scanner.readDouble() } }
///     else { try scanner.skipValue() }
/// }
/// ```
///
/// It accepts JSON as RFC 8259 writes it (white space including CRLF anywhere between tokens;
/// the caller skips a BOM) and refuses, with the byte offset: nesting deeper than
/// ``maximumDepth``, a string longer than ``maximumString`` bytes, a number longer than
/// ``maximumNumber``, a control byte (NUL included) inside a string, a missing or extra comma,
/// anything that is not a token. Values the caller skips are checked only as far as finding
/// their end needs (a skipped string's escapes and UTF-8 are not checked); strings that are
/// read have their escapes decoded (`\uXXXX` with surrogate pairs; a lone surrogate is U+FFFD).
/// The end of the input inside the document is ``HistoryError/Reason/cutShort(_:)``.
///
/// The hot loops copy the buffer pointer and position into locals: a class's stored properties
/// are reloaded (and exclusivity-checked) at every access otherwise. One reader at a time; not
/// thread-safe.
final class JSONScanner {
    static let maximumDepth = 64
    static let maximumString = 1 << 20
    /// The longest number: a double's 17 significant digits with exponent and a zero-padded E7 fit many times over.
    static let maximumNumber = 64
    static let defaultChunk = 1 << 20

    private var source: ByteSource
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let chunk: Int
    /// The next byte to read, and the end of the bytes read, in `buffer`.
    private var position = 0
    private var end = 0
    /// The offset in the input of `buffer[0]`.
    private var base: Int64 = 0
    private var exhausted = false
    /// The containers open; bit `depth - 1` of `members` says whether the innermost has had a member yet.
    private(set) var depth = 0
    private var members: UInt64 = 0
    /// Decoded strings that had escapes (allocated at the first one).
    private var scratch: UnsafeMutablePointer<UInt8>?
    /// The last member name ``nextKey()`` read, in a buffer of its own; one longer than
    /// ``maximumKey`` bytes (no format has one) is read as the empty name, which matches nothing.
    private(set) var key: JSONText
    private let keyBuffer: UnsafeMutablePointer<UInt8>
    static let maximumKey = 256
    /// Called with the bytes read so far after every chunk.
    var progress: ((Int64) -> Void)?

    init(source: ByteSource, chunk: Int = defaultChunk) {
        self.source = source
        self.chunk = max(1, chunk)
        // A token being read (at most a string's maximum) is kept while a full chunk is read after it.
        capacity = self.chunk + Self.maximumString + 64
        buffer = .allocate(capacity: capacity)
        keyBuffer = .allocate(capacity: Self.maximumKey)
        key = JSONText(start: UnsafePointer(keyBuffer), count: 0)
    }

    deinit {
        buffer.deallocate()
        keyBuffer.deallocate()
        scratch?.deallocate()
    }

    /// The offset in the input of the next byte to read.
    var offset: Int64 { base + Int64(position) }
    /// How many bytes have come from the source.
    var bytesRead: Int64 { base + Int64(end) }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let spaces: UInt64 = 0x2020_2020_2020_2020
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    // MARK: Buffer

    /// Moves the bytes from `keep` on to the front and reads a chunk after them; false at the end
    /// of the input. Indexes into the buffer move by `keep` whatever it returns.
    private func refill(keeping keep: Int) throws(HistoryError) -> Bool {
        let kept = end - keep
        if keep > 0 {
            if kept > 0 { memmove(buffer, buffer + keep, kept) }
            base += Int64(keep)
            position -= keep
            end = kept
        }
        if exhausted { return false }
        let n = try source.read(into: buffer + end, count: min(chunk, capacity - end), offset: bytesRead)
        if n == 0 {
            exhausted = true
            return false
        }
        end += n
        progress?(bytesRead)
        return true
    }

    /// Makes `count` bytes available from `position` unless the input ends first; whether it did.
    func ensure(_ count: Int) throws(HistoryError) -> Bool {
        while end - position < count {
            guard try refill(keeping: position) else { return false }
        }
        return true
    }

    /// The byte at `position + i` after ``ensure(_:)`` said it is there.
    func byte(at i: Int) -> UInt8 { buffer[position + i] }

    func advance(_ count: Int = 1) { position += count }

    // MARK: Errors

    func cutShort(_ what: String) -> HistoryError { HistoryError(offset: bytesRead, reason: .cutShort(what)) }

    func malformed(_ what: String, at index: Int? = nil) -> HistoryError {
        HistoryError(offset: base + Int64(index ?? position), reason: .malformed(what))
    }

    /// "'x' where a value should be", or the cut when there is no byte.
    func unexpected(_ c: UInt8?, expecting what: String) -> HistoryError {
        guard let c else { return cutShort("the file ends where \(what) should be") }
        return malformed("\(Self.describe(c)) where \(what) should be")
    }

    static func describe(_ c: UInt8) -> String {
        c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    // MARK: White space and structure

    /// The next byte that is not white space, not consumed; nil at the end of the input.
    @inline(__always) func peek() throws(HistoryError) -> UInt8? {
        if position < end {
            let c = buffer[position]
            if c > 0x20 { return c }
        }
        return try peekPastSpace()
    }

    private func peekPastSpace() throws(HistoryError) -> UInt8? {
        while true {
            let b = buffer, e = end
            var p = position
            // Pretty-printed JSON is mostly indentation: eight spaces at a time.
            while p + 8 <= e, UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
            while p < e {
                let c = b[p]
                if !Self.isSpace(c) {
                    position = p
                    return c
                }
                p += 1
            }
            position = p
            guard try refill(keeping: p) else { return nil }
        }
    }

    /// The next byte, white space or not, not consumed; nil at the end of the input.
    func peekByte() throws(HistoryError) -> UInt8? {
        if position < end { return buffer[position] }
        guard try refill(keeping: position) else { return nil }
        return buffer[position]
    }

    func beginObject() throws(HistoryError) { try begin(0x7B, "an object") }
    func beginArray() throws(HistoryError) { try begin(0x5B, "an array") }

    private func begin(_ open: UInt8, _ what: String) throws(HistoryError) {
        let c = try peek()
        guard c == open else { throw unexpected(c, expecting: what) }
        guard depth < Self.maximumDepth else { throw HistoryError(offset: offset, reason: .tooDeep) }
        position += 1
        depth += 1
        members &= ~(1 << UInt64(depth - 1))
    }

    /// Inside an object: true with ``key`` set and the scanner on the member's value, which the
    /// caller must read or skip; false after the closing brace.
    func nextKey() throws(HistoryError) -> Bool {
        guard try nextMember(close: 0x7D) else { return false }
        let c = try peek()
        guard c == 0x22 else { throw unexpected(c, expecting: "a member name") }
        // The name is copied out: finding the colon may refill the buffer under it.
        let name = try scanString(decoding: true)
        let n = name.count <= Self.maximumKey ? name.count : 0
        keyBuffer.update(from: name.start, count: n)
        key = JSONText(start: UnsafePointer(keyBuffer), count: n)
        let colon = try peek()
        guard colon == 0x3A else { throw unexpected(colon, expecting: "':'") }
        position += 1
        return true
    }

    /// Inside an array: true with the scanner on the next element, which the caller must read
    /// or skip; false after the closing bracket.
    func nextElement() throws(HistoryError) -> Bool { try nextMember(close: 0x5D) }

    private func nextMember(close: UInt8) throws(HistoryError) -> Bool {
        var c = try peek()
        let bit: UInt64 = 1 << UInt64(depth - 1)
        if c == close {
            position += 1
            depth -= 1
            return false
        }
        if members & bit != 0 {
            guard c == 0x2C else { throw unexpected(c, expecting: close == 0x7D ? "',' or '}'" : "',' or ']'") }
            position += 1
            c = try peek()
        } else {
            members |= bit
        }
        guard c != nil else { throw cutShort("the file ends inside \(close == 0x7D ? "an object" : "an array")") }
        return true
    }

    /// Forgets the containers open (after an OwnTracks line that was not JSON).
    func resetNesting() {
        depth = 0
        members = 0
    }

    /// ``skipValue()`` refuses to go past this offset: how format detection gives up on a large
    /// document that shows no key of a history, without reading it through.
    var skipLimit = Int64.max

    /// Skips one value of any kind without building it.
    func skipValue() throws(HistoryError) {
        guard let c = try peek() else { throw cutShort("the file ends where a value should be") }
        guard base + Int64(position) <= skipLimit else { throw malformed("no location history before byte \(skipLimit)") }
        switch c {
        case 0x22: _ = try scanString(decoding: false)
        case 0x7B:
            try beginObject()
            while try nextKey() { try skipValue() }
        case 0x5B:
            try beginArray()
            while try nextElement() { try skipValue() }
        case 0x2D, 0x30...0x39: _ = try scanNumber()
        case 0x74: try literal("true")
        case 0x66: try literal("false")
        case 0x6E: try literal("null")
        default: throw unexpected(c, expecting: "a value")
        }
    }

    /// `true`, `false` or `null`, at `position`.
    func literal(_ word: StaticString) throws(HistoryError) {
        let n = word.utf8CodeUnitCount
        guard try ensure(n) else { throw cutShort("the file ends inside \(word)") }
        guard memcmp(buffer + position, word.utf8Start, n) == 0 else { throw malformed("not a value") }
        position += n
    }

    // MARK: Strings and numbers

    /// The string at `position` (its opening quote), decoded when `decoding` and it has escapes.
    func scanString(decoding: Bool) throws(HistoryError) -> JSONText {
        var quote = position
        var p = quote + 1
        var escapes = false
        while true {
            let b = buffer, e = end
            while p < e {
                // Eight bytes at a time while none is a quote, a backslash or a control byte
                // (SWAR: a quote or backslash is a zero byte of the XOR, a control byte borrows in
                // `x - 0x20…`); the lowest flagged byte is the first such, the only one sure.
                if p + 8 <= e {
                    let x = UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self)
                    let quote = x ^ 0x2222_2222_2222_2222, backslash = x ^ 0x5C5C_5C5C_5C5C_5C5C
                    let special = (((quote &- Self.ones) & ~quote) | ((backslash &- Self.ones) & ~backslash) | ((x &- Self.spaces) & ~x)) & Self.highs
                    if special == 0 {
                        p += 8
                        continue
                    }
                    p += special.trailingZeroBitCount >> 3
                }
                let c = b[p]
                if c == 0x22 {
                    let length = p - quote - 1
                    guard length <= Self.maximumString else { throw HistoryError(offset: base + Int64(quote), reason: .stringTooLong) }
                    position = p + 1
                    let text = JSONText(start: b + quote + 1, count: length)
                    return escapes && decoding ? try unescape(text, from: quote + 1) : text
                }
                if c == 0x5C {
                    escapes = true
                    p += 2
                    continue
                }
                if c < 0x20 { throw malformed("\(Self.describe(c)) inside a string", at: p) }
                p += 1
            }
            guard p - quote - 1 <= Self.maximumString else { throw HistoryError(offset: base + Int64(quote), reason: .stringTooLong) }
            let scanned = p - quote
            position = quote
            let more = try refill(keeping: quote)
            (quote, p) = (0, scanned)
            guard more else { throw cutShort("the file ends inside a string") }
        }
    }

    /// The contents of a string with escapes, decoded into `scratch` (never longer than the escaped form).
    private func unescape(_ text: JSONText, from index: Int) throws(HistoryError) -> JSONText {
        if scratch == nil { scratch = .allocate(capacity: Self.maximumString + 8) }
        let out = scratch!
        var o = 0, i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= text.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = text[at + k]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x41...0x46: d = c - 0x41 + 10
                case 0x61...0x66: d = c - 0x61 + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < text.count {
            let c = text[i]
            if c != 0x5C {
                out[o] = c
                (o, i) = (o + 1, i + 1)
                continue
            }
            guard i + 1 < text.count else { throw malformed("an escape cut short", at: index + i) }
            let e = text[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out[o] = e; o += 1
            case 0x62: out[o] = 0x08; o += 1
            case 0x66: out[o] = 0x0C; o += 1
            case 0x6E: out[o] = 0x0A; o += 1
            case 0x72: out[o] = 0x0D; o += 1
            case 0x74: out[o] = 0x09; o += 1
            case 0x75:
                guard var scalar = hex4(i) else { throw malformed("a \\u escape without four hex digits", at: index + i - 2) }
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= text.count, text[i] == 0x5C, text[i + 1] == 0x75,
                   let low = hex4(i + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if (0xD800..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                for unit in UTF8.encode(Unicode.Scalar(scalar)!)! {
                    out[o] = unit
                    o += 1
                }
            default: throw malformed("an unknown escape \\\(Self.describe(e))", at: index + i - 2)
            }
        }
        return JSONText(start: UnsafePointer(out), count: o)
    }

    /// The number at `position`, checked against JSON's grammar and ``maximumNumber``.
    func scanNumber() throws(HistoryError) -> JSONText {
        var start = position
        var p = start
        scan: while true {
            let b = buffer, e = end
            while p < e {
                let c = b[p]
                guard (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x2D || c == 0x2B || c == 0x65 || c == 0x45 else { break scan }
                p += 1
            }
            if p - start > Self.maximumNumber { break }
            let scanned = p - start
            position = start
            let more = try refill(keeping: start)
            (start, p) = (0, scanned)
            // At the end of the input the number ends too.
            if !more { break }
        }
        guard p - start <= Self.maximumNumber else {
            throw HistoryError(offset: base + Int64(start), reason: .badNumber("a number longer than \(Self.maximumNumber) bytes"))
        }
        let text = JSONText(start: buffer + start, count: p - start)
        guard JSONNumber.isValid(text) else {
            // `-` or `1e` at the very end is a number the cut took the rest of.
            if p == end, exhausted { throw cutShort("the file ends inside a number") }
            throw malformed("not a number", at: start)
        }
        position = p
        return text
    }

    /// The bytes up to the next white space, at most `limit` of them (nil when longer or none).
    func scanWord(limit: Int) throws(HistoryError) -> JSONText? {
        _ = try ensure(limit + 1)
        var n = 0
        while position + n < end, n <= limit, !Self.isSpace(buffer[position + n]) { n += 1 }
        guard n > 0, n <= limit else { return nil }
        let text = JSONText(start: buffer + position, count: n)
        position += n
        return text
    }

    /// Skips spaces and tabs (not line ends).
    func skipBlanks() throws(HistoryError) {
        while let c = try peekByte(), c == 0x20 || c == 0x09 { position += 1 }
    }

    /// Skips through the next line feed; false when the input ends first.
    @discardableResult
    func skipLine() throws(HistoryError) -> Bool {
        while true {
            let b = buffer, e = end
            var p = position
            while p < e {
                if b[p] == 0x0A {
                    position = p + 1
                    return true
                }
                p += 1
            }
            position = p
            guard try refill(keeping: p) else { return false }
        }
    }
}

extension JSONScanner {
    /// The bytes up to `delimiter`, which is consumed: nil when the input ends first; an error
    /// when more than `limit` bytes come before it.
    func scan(through delimiter: UInt8, limit: Int) throws(HistoryError) -> JSONText? {
        var start = position
        var searched = 0
        while true {
            if let hit = memchr(buffer + start + searched, Int32(delimiter), end - start - searched) {
                let p = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard p - start <= limit else { throw malformed("more than \(limit) bytes before \(Self.describe(delimiter))", at: start) }
                position = p + 1
                return JSONText(start: buffer + start, count: p - start)
            }
            searched = end - start
            guard searched <= limit else { throw malformed("more than \(limit) bytes before \(Self.describe(delimiter))", at: start) }
            position = start
            let more = try refill(keeping: start)
            start = 0
            guard more else { return nil }
        }
    }

    /// Skips through the next `delimiter`; false when the input ends first.
    func skip(through delimiter: UInt8) throws(HistoryError) -> Bool {
        while true {
            if let hit = memchr(buffer + position, Int32(delimiter), end - position) {
                position = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                return true
            }
            position = end
            guard try refill(keeping: position) else { return false }
        }
    }
}
