/// JSON written value by value into a byte buffer, with no tree in between: what a program
/// that writes a million similar objects uses (the export's photos), and what ``JSONValue``
/// renders through, so both give the same bytes.
///
/// ```swift
/// var json = JSONStream(pretty: true)
/// json.beginObject()
/// json.key("name"); json.string("Kyoto")
/// json.key("population"); json.int(1_459_640)
/// json.endObject()
/// json.bytes   // {\n  "name": "Kyoto",\n  "population": 1459640\n}
/// ```
///
/// Inside an object, ``key(_:)`` comes before each value; inside an array, values follow one
/// another. A value type, used from one thread at a time.
public struct JSONStream {
    /// What has been written so far; a caller may take the bytes and empty it between values.
    public var bytes: [UInt8] = []
    public let pretty: Bool
    /// For each open container: whether it already has a member.
    private var filled: [Bool] = []
    /// The depth of a value written where a pretty document already has `level` open containers.
    private let baseLevel: Int
    /// A key was just written: the value goes right after it.
    private var afterKey = false

    /// A stream whose values sit at depth `level` of a pretty document written around them.
    public init(pretty: Bool = false, level: Int = 0) {
        (self.pretty, self.baseLevel) = (pretty, level)
        filled.reserveCapacity(16)
    }

    /// A stream inside an array open at depth `level` (its `[` written by another stream),
    /// after `members` of its members: one long array written in pieces, on several threads,
    /// and given in order. ``endArray()`` closes the array as one stream would.
    ///
    /// ```swift
    /// var second = JSONStream(pretty: true, insideArrayAt: 1, after: 2)
    /// second.int(3)   // ",\n    3": the third member
    /// ```
    public init(pretty: Bool, insideArrayAt level: Int, after members: Int) {
        self.init(pretty: pretty, level: level)
        filled.append(members > 0)
    }

    private var level: Int { baseLevel + filled.count }

    /// The comma and line break before a member of the container open now.
    private mutating func separate() {
        guard !filled.isEmpty else { return }
        if filled[filled.count - 1] { bytes.append(UInt8(ascii: ",")) } else { filled[filled.count - 1] = true }
        if pretty { JSONBytes.newline(indent: level, to: &bytes) }
    }

    /// Before a value: nothing after a key, a separator inside an array.
    private mutating func beforeValue() {
        if afterKey { afterKey = false } else { separate() }
    }

    public mutating func key(_ key: String) {
        separate()
        JSONBytes.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A key known when the program was written, which needs no escaping: its bytes are copied
    /// as they are (an export writes eighteen keys per photo).
    public mutating func key(literal key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        beforeValue()
        bytes.append(bracket)
        filled.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = filled.removeLast()
        if hadMembers && pretty { JSONBytes.newline(indent: level, to: &bytes) }
        bytes.append(bracket)
    }

    public mutating func null() { beforeValue(); JSONBytes.append("null", to: &bytes) }
    public mutating func bool(_ value: Bool) { beforeValue(); JSONBytes.append(value ? "true" : "false", to: &bytes) }
    public mutating func int(_ value: Int) { beforeValue(); JSONBytes.appendInt(value, to: &bytes) }
    public mutating func string(_ value: String) { beforeValue(); JSONBytes.appendQuoted(value, to: &bytes) }

    /// ``JSONValue/double(_:digits:)``'s printing.
    public mutating func double(_ value: Double, digits: Int) { beforeValue(); JSONBytes.appendFixed(value, digits: digits, to: &bytes) }

    /// ``JSONValue/numberText(_:)``: the text as it is.
    public mutating func numberText(_ text: String) { beforeValue(); bytes.append(contentsOf: text.utf8) }

    /// An array of strings: the bytes of ``beginArray()``, ``string(_:)`` for each, then
    /// ``endArray()``, with the comma, line break and indent before each string made once
    /// (an export writes every date of every visit: a fifth of a million of them).
    public mutating func strings(_ values: [String]) {
        beginArray()
        guard !values.isEmpty else { return endArray() }
        filled[filled.count - 1] = true
        var lead: [UInt8] = [UInt8(ascii: ",")]
        if pretty { JSONBytes.newline(indent: level, to: &lead) }
        // Strings that need no escape (dates, most names) are copied into room made for all
        // of them at once: appending piece by piece cost more than the bytes.
        // The first string has no comma before it: one byte less than the leads counted.
        var size: Int? = -1
        for value in values {
            let n = value.utf8.withContiguousStorageIfAvailable { JSONBytes.isPlain($0) ? $0.count : nil } ?? nil
            size = n.flatMap { n in size.map { $0 + lead.count + 2 + n } }
            if size == nil { break }
        }
        if let size {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: size))
            bytes.withUnsafeMutableBufferPointer { out in
                lead.withUnsafeBufferPointer { lead in
                    var at = start
                    for (i, value) in values.enumerated() {
                        let skip = i == 0 ? 1 : 0
                        UnsafeMutableRawPointer(out.baseAddress! + at).copyMemory(from: lead.baseAddress! + skip, byteCount: lead.count - skip)
                        at += lead.count - skip
                        out[at] = 0x22
                        at += 1
                        _ = value.utf8.withContiguousStorageIfAvailable { text in
                            if let base = text.baseAddress { UnsafeMutableRawPointer(out.baseAddress! + at).copyMemory(from: base, byteCount: text.count) }
                            at += text.count
                        }
                        out[at] = 0x22
                        at += 1
                    }
                }
            }
        } else {
            for (i, value) in values.enumerated() {
                bytes.append(contentsOf: lead.dropFirst(i == 0 ? 1 : 0))
                JSONBytes.appendQuoted(value, to: &bytes)
            }
        }
        endArray()
    }

    /// A string, or `null` for nil.
    public mutating func string(_ value: String?) { if let value { string(value) } else { null() } }

    /// ``JSONValue/number(_:digits:)``: `null` for nil and values that are not finite.
    public mutating func number(_ value: Double?, digits: Int) {
        if let value, value.isFinite { double(value, digits: digits) } else { null() }
    }

    /// A value whose bytes `write` appends itself (a writer of a fixed shape, such as a place
    /// chain, that needs no bookkeeping inside it): the separator or key comes first, as for
    /// any value.
    public mutating func raw(_ write: (inout [UInt8]) -> Void) {
        beforeValue()
        write(&bytes)
    }

    /// A whole value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(i)
        case .double(let d, let digits): double(d, digits: digits)
        case .numberText(let text): numberText(text)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let pairs):
            beginObject()
            for (k, v) in pairs {
                key(k)
                self.value(v)
            }
            endObject()
        }
    }
}
