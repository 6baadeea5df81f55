import Foundation

/// The properties of an XMP packet in the namespaces asked for, read by a small pull parser over
/// its bytes: every element's text and every prefixed attribute, by namespace + local name
/// (`http://ns.adobe.com/exif/1.0/` + `GPSLatitude`), the first occurrence winning. It reads what XMP writes — elements and
/// attributes, namespaces declared and scoped on any element, default namespaces, CDATA,
/// comments, processing instructions (`<?xpacket …?>`), the five named entities and character
/// references — and refuses what is not well-formed: an unclosed or mismatched tag, an unknown
/// entity, a `<` in an attribute or a control character, a document that ends before its root
/// does (what follows the root is not read). A DTD is refused, never read (``Fault/isDTD``).
///
/// ```swift
/// let p = try XMPPacket.properties(Array(data), in: ["http://ns.adobe.com/exif/1.0/"])
/// p["http://ns.adobe.com/exif/1.0/GPSLatitude"]   // "37,59.028N"
/// ```
///
/// Foundation's `XMLParser` read a darktable sidecar in about 45 times the time of reading the
/// file, in delegate calls and string bridging for a handful of properties: this one makes a
/// string only for what it returns. Pure; thread-safe.
enum XMPPacket {
    /// Where a packet stops being XML, for the error message.
    struct Fault: Error, Equatable {
        let offset: Int
        /// A DTD (`<!DOCTYPE`, `<!ENTITY`): refused, never read.
        var isDTD = false
    }

    /// A property's text is kept up to this many bytes (a real one has a few dozen).
    static let maximumText = 4_096

    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// A C0 control XML never holds (all but tab, line feed and carriage return).
    static func isControl(_ b: UInt8) -> Bool { b < 0x20 && !isSpace(b) }

    /// Whether an attribute value of `count` bytes at `p` holds a `<`, an `&` or a byte below
    /// a space (a tab, line feed or carriage return: the packet holds no other control), which
    /// it must then be decoded for; sixteen bytes at a time, as darktable's values are
    /// kilobytes of base64.
    static func needsDecoding(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        let (less, ampersand, space) = (SIMD16<UInt8>(repeating: UInt8(ascii: "<")), SIMD16<UInt8>(repeating: UInt8(ascii: "&")),
                                        SIMD16<UInt8>(repeating: 0x20))
        var i = 0
        while i + 16 <= count {
            let v = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            if any((v .== less) .| (v .== ampersand) .| (v .< space)) { return true }
            i += 16
        }
        while i < count {
            if p[i] == UInt8(ascii: "<") || p[i] == UInt8(ascii: "&") || p[i] < 0x20 { return true }
            i += 1
        }
        return false
    }

    /// The properties in `namespaces`; with `names`, only those of these local names (what a
    /// reader wants: the others are then neither decoded nor kept).
    static func properties(_ bytes: some ContiguousBytes, in namespaces: Set<String>, named names: [String]? = nil) throws(Fault) -> [String: String] {
        try properties(bytes, in: namespaces, named: names.map(LocalNames.init))
    }

    /// Local names, as ``properties(_:in:named:)`` compares them: made once by a reader that
    /// asks for the same names of every packet.
    struct LocalNames: Sendable {
        let bytes: [[UInt8]]
        /// A bit for each of their lengths: most names are not asked for, and their length says so.
        let lengths: UInt64

        init(_ names: [String]) {
            bytes = names.map { Array($0.utf8) }
            lengths = bytes.reduce(0) { $1.count < 64 ? $0 | 1 << UInt64($1.count) : $0 }
        }
    }

    static func properties(_ bytes: some ContiguousBytes, in namespaces: Set<String>, named names: LocalNames?) throws(Fault) -> [String: String] {
        let result: Result<[String: String], Fault> = bytes.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            do throws(Fault) {
                try checkCharacters(buffer)
                var reader = Reader(bytes: buffer, wanted: namespaces, names: names)
                try reader.run()
                return .success(reader.properties)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// XML is UTF-8 here (XMP allows nothing else in a sidecar), and never holds the C0
    /// controls but tab, line feed and carriage return: sixteen bytes at a time, and the UTF-8
    /// decoded only from the first byte above ASCII in a block (a packet's one such character is
    /// most often the byte-order mark in `<?xpacket begin=…?>`).
    static func checkCharacters(_ b: UnsafeBufferPointer<UInt8>) throws(Fault) {
        guard let base = b.baseAddress else { return }
        let (space, high) = (SIMD16<UInt8>(repeating: 0x20), SIMD16<UInt8>(repeating: 0x80))
        let (tab, lf, cr) = (SIMD16<UInt8>(repeating: 0x09), SIMD16<UInt8>(repeating: 0x0A), SIMD16<UInt8>(repeating: 0x0D))
        var i = 0
        while i < b.count {
            if i + 16 <= b.count {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let control = (v .< space) .& (v .!= tab) .& (v .!= lf) .& (v .!= cr)
                if !any(control .| (v .>= high)) { i += 16; continue }
            }
            // A block with a control or a character above ASCII: byte by byte until the
            // block's end, a character never cut.
            let end = min(i + 16, b.count)
            while i < end {
                let byte = b[i]
                if byte < 0x80 {
                    if isControl(byte) { throw Fault(offset: i) }
                    i += 1
                } else {
                    guard let n = utf8Length(b, at: i) else { throw Fault(offset: i) }
                    i += n
                }
            }
        }
    }

    /// The length of the well-formed UTF-8 character at `i` (a byte above ASCII), nil when it
    /// is none (Unicode's table 3-7: no overlong form, no surrogate, nothing past U+10FFFF).
    static func utf8Length(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let lead = b[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < b.count && range.contains(b[i + k]) }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// A string of `bytes` by the contiguous path (a slice of a buffer takes the generic one).
    private static func utf8(_ bytes: Bytes) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) }

    /// A prefixed attribute of the tag being read: its prefix and local name, and its value's
    /// bytes or, when it held an entity or white space, the index of their decoding in
    /// ``Reader/decodedValues``. Plain values: a tag's attributes are copied without a
    /// reference count.
    private struct Attribute {
        let prefix: Bytes
        let local: Bytes
        let value: Bytes
        let decoded: Int?
    }

    private struct Element {
        let qualifiedName: Bytes
        /// Namespace + local name when the namespace is wanted: the only elements whose text counts.
        let key: String?
        let declared: Int   // how many namespace declarations it pushed
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let wanted: Set<String>
        /// The local names asked for (nil: all).
        let names: LocalNames?
        var at = 0
        var properties: [String: String] = [:]
        var open: [Element] = []
        /// (prefix, namespace, whether it is wanted) in declaration order; the innermost
        /// declaration of a prefix wins.
        var scopes: [(prefix: Bytes, uri: String, wanted: Bool)] = []
        var text: [UInt8] = []
        var sawRoot = false
        /// The attributes of the tag being read, and the values of them that were decoded: one
        /// buffer for every tag.
        var attributes: [Attribute] = []
        var decodedValues: [[UInt8]] = []

        init(bytes: UnsafeBufferPointer<UInt8>, wanted: Set<String>, names: LocalNames?) {
            (self.bytes, self.wanted, self.names) = (bytes, wanted, names)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }   // a UTF-8 byte-order mark
        }

        func fault() -> Fault { Fault(offset: at) }

        mutating func run() throws(Fault) {
            // What follows the root's end is not read, as libxml2 leaves it: the properties are
            // whole, and a sidecar cut in its closing `<?xpacket end?>` still has them.
            while at < bytes.count, !(sawRoot && open.isEmpty) {
                if bytes[at] == UInt8(ascii: "<") {
                    try markup()
                } else {
                    try characters()
                }
            }
            guard sawRoot, open.isEmpty else { throw fault() }
        }

        /// Text up to the next `<`, entities decoded; outside the root only white space.
        mutating func characters() throws(Fault) {
            let counts = open.last?.key != nil
            while at < bytes.count, bytes[at] != UInt8(ascii: "<") {
                if open.isEmpty {
                    guard XMPPacket.isSpace(bytes[at]) else { throw fault() }
                    at += 1
                } else if bytes[at] == UInt8(ascii: "&") {
                    let piece = try entity()
                    if counts { append(piece) }
                } else {
                    let start = at
                    while at < bytes.count, bytes[at] != UInt8(ascii: "<"), bytes[at] != UInt8(ascii: "&") { at += 1 }
                    if counts { append(bytes[start..<at]) }
                }
            }
        }

        mutating func append(_ piece: some Collection<UInt8>) {
            if text.count < XMPPacket.maximumText { text += piece }
        }

        mutating func markup() throws(Fault) {
            let next = at + 1 < bytes.count ? bytes[at + 1] : 0
            if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") && next != UInt8(ascii: "/") {
                try startTag()
            } else if starts("<?") {
                at = try index(after: "?>")
            } else if starts("<!--") {
                at = try index(after: "-->")
            } else if starts("<![CDATA[") {
                guard !open.isEmpty else { throw fault() }
                let start = at + 9
                at = try index(after: "]]>")
                if open.last?.key != nil { append(bytes[start..<(at - 3)]) }
            } else if starts("<!") {
                throw Fault(offset: at, isDTD: starts("<!DOCTYPE") || starts("<!ENTITY"))   // a DTD, or nothing XML has
            } else {
                try endTag()   // "</": the only markup left
            }
        }

        mutating func startTag() throws(Fault) {
            at += 1
            let name = try self.name()
            attributes.removeAll(keepingCapacity: true)
            decodedValues.removeAll(keepingCapacity: true)
            var declared = 0, empty = false
            while true {
                skipSpace()
                guard at < bytes.count else { throw fault() }
                if bytes[at] == UInt8(ascii: ">") { at += 1; break }
                if starts("/>") { at += 2; empty = true; break }
                let attribute = try self.name()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw fault() }
                at += 1
                skipSpace()
                let value = try quoted()
                if let prefix = Self.declaredPrefix(attribute) {
                    let uri = string(value.value, decoded: value.decoded)
                    scopes.append((prefix, uri, wanted.contains(uri)))
                    declared += 1
                } else if let colon = attribute.firstIndex(of: UInt8(ascii: ":")), isAsked(attribute[(colon + 1)...]) {
                    // Only prefixed attributes are properties: an unprefixed one has no namespace.
                    attributes.append(Attribute(prefix: attribute[attribute.startIndex..<colon], local: attribute[(colon + 1)...],
                                                value: value.value, decoded: value.decoded))
                }
            }
            sawRoot = true
            text.removeAll(keepingCapacity: true)
            for attribute in attributes {
                guard let scope = namespace(of: attribute.prefix), scope.wanted else { continue }
                let key = scope.uri + XMPPacket.utf8(attribute.local)
                if properties[key] == nil { properties[key] = string(attribute.value, decoded: attribute.decoded) }
            }
            let element = Element(qualifiedName: name, key: key(of: name), declared: declared)
            if empty {
                scopes.removeLast(declared)
            } else {
                open.append(element)
            }
        }

        /// The prefix an `xmlns:p` attribute declares (empty for `xmlns`, the default
        /// namespace); nil for any other attribute.
        static func declaredPrefix(_ name: Bytes) -> Bytes? {
            let s = name.startIndex
            guard name.count >= 5, name[s] == UInt8(ascii: "x"), name[s + 1] == UInt8(ascii: "m"), name[s + 2] == UInt8(ascii: "l"),
                  name[s + 3] == UInt8(ascii: "n"), name[s + 4] == UInt8(ascii: "s") else { return nil }
            if name.count == 5 { return name[(s + 5)...] }
            return name[s + 5] == UInt8(ascii: ":") ? name[(s + 6)...] : nil
        }

        /// An attribute value's text: its decoding when it had one, else its bytes.
        func string(_ value: Bytes, decoded: Int?) -> String {
            decoded.map { String(decoding: decodedValues[$0], as: UTF8.self) } ?? XMPPacket.utf8(value)
        }

        /// Whether a local name is one asked for.
        func isAsked(_ local: Bytes) -> Bool {
            guard let names else { return true }
            guard local.count < 64, names.lengths & (1 << UInt64(local.count)) != 0, let p = local.base.baseAddress else { return false }
            return names.bytes.contains { name in name.count == local.count && memcmp(name, p + local.startIndex, name.count) == 0 }
        }

        mutating func endTag() throws(Fault) {
            at += 2
            let name = try self.name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ">"), let element = open.popLast(),
                  element.qualifiedName.count == name.count, let base = bytes.baseAddress,
                  memcmp(base + element.qualifiedName.startIndex, base + name.startIndex, name.count) == 0 else { throw fault() }
            at += 1
            if let key = element.key, properties[key] == nil, let value = Self.trimmed(text) { properties[key] = value }
            text.removeAll(keepingCapacity: true)
            scopes.removeLast(element.declared)
        }

        /// An element's namespace + local name (the default namespace for an unprefixed one),
        /// when that namespace is wanted.
        func key(of name: Bytes) -> String? {
            let colon = name.firstIndex(of: UInt8(ascii: ":"))
            guard isAsked(colon.map { name[($0 + 1)...] } ?? name), let scope = namespace(of: colon.map { name[name.startIndex..<$0] } ?? name[name.startIndex..<name.startIndex]), scope.wanted else { return nil }
            return scope.uri + XMPPacket.utf8(colon.map { name[($0 + 1)...] } ?? name)
        }

        /// The text without the white space around it, nil when nothing is left. XML's own
        /// white space is cut from the bytes; Unicode's other spaces (rare) by Foundation.
        static func trimmed(_ text: [UInt8]) -> String? {
            guard let first = text.firstIndex(where: { !XMPPacket.isSpace($0) }), let last = text.lastIndex(where: { !XMPPacket.isSpace($0) }) else { return nil }
            let value = String(decoding: text[first...last], as: UTF8.self)
            guard text[first] >= 0x80 || text[last] >= 0x80 else { return value }
            let unicode = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return unicode.isEmpty ? nil : unicode
        }

        /// The innermost declaration's namespace; none for an unbound prefix, and "" when no
        /// default namespace is declared (as libxml2 reports an element of no namespace).
        func namespace(of prefix: Bytes) -> (uri: String, wanted: Bool)? {
            for scope in scopes.reversed() where scope.prefix.count == prefix.count {
                var same = true
                for (a, b) in zip(scope.prefix, prefix) where a != b { same = false; break }
                if same { return (scope.uri, scope.wanted) }
            }
            return prefix.isEmpty ? ("", wanted.contains("")) : nil
        }

        mutating func name() throws(Fault) -> Bytes {
            let start = at
            while at < bytes.count {
                let b = bytes[at]
                if b < 64 && Self.nameEnds & (1 << UInt64(b)) != 0 { break }
                at += 1
            }
            guard at > start else { throw fault() }
            return bytes[start..<at]
        }

        /// The bytes that end a name, all below 64: XML's white space and `> / = < " '`.
        /// (A literal: a computed global would be fetched once per byte.)
        static var nameEnds: UInt64 { 0x7000_8085_0000_2600 }

        /// A quoted attribute value: the bytes themselves, and, when it holds an entity or white
        /// space that XML turns into spaces, the index of its decoding.
        mutating func quoted() throws(Fault) -> (value: Bytes, decoded: Int?) {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { throw fault() }
            let quote = bytes[at]
            at += 1
            let start = at
            // The closing quote by memchr, then one pass without branches over the value.
            guard let base = bytes.baseAddress, let found = memchr(base + start, Int32(quote), bytes.count - start) else {
                at = bytes.count
                throw fault()
            }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if XMPPacket.needsDecoding(base + start, count: end - start) {
                decodedValues.append(try decoded(quote))
                return (bytes[start..<end], decodedValues.count - 1)
            }
            at = end + 1
            return (bytes[start..<end], nil)
        }

        /// The value from `at` to its closing `quote`, entities decoded and white space made spaces.
        mutating func decoded(_ quote: UInt8) throws(Fault) -> [UInt8] {
            var value: [UInt8] = []
            while at < bytes.count, bytes[at] != quote {
                let b = bytes[at]
                guard b != UInt8(ascii: "<") else { throw fault() }
                if b == UInt8(ascii: "&") {
                    value += try entity()
                } else {
                    // XML normalises white space in attribute values to spaces.
                    value.append(XMPPacket.isSpace(b) ? 0x20 : b)
                    at += 1
                }
            }
            guard at < bytes.count else { throw fault() }
            at += 1
            return value
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`, as UTF-8.
        mutating func entity() throws(Fault) -> [UInt8] {
            let start = at
            guard let semicolon = bytes[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fault() }
            let body = bytes[(start + 1)..<semicolon]
            at = semicolon + 1
            switch XMPPacket.utf8(body) {
            case "amp": return [UInt8(ascii: "&")]
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            case let reference where reference.hasPrefix("#"):
                let digits = reference.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, value != 0, let scalar = Unicode.Scalar(value) else { at = start; throw fault() }
                return Array(String(Character(scalar)).utf8)
            default:
                at = start
                throw fault()
            }
        }

        mutating func skipSpace() {
            while at < bytes.count, XMPPacket.isSpace(bytes[at]) { at += 1 }
        }

        func starts(_ literal: StaticString) -> Bool {
            let n = literal.utf8CodeUnitCount
            guard at + n <= bytes.count else { return false }
            return literal.withUTF8Buffer { bytes[at..<(at + n)].elementsEqual($0) }
        }

        /// The index just past the next `literal`.
        func index(after literal: StaticString) throws(Fault) -> Int {
            let n = literal.utf8CodeUnitCount
            var i = at
            while i + n <= bytes.count {
                if literal.withUTF8Buffer({ bytes[i..<(i + n)].elementsEqual($0) }) { return i + n }
                i += 1
            }
            throw fault()
        }
    }
}
