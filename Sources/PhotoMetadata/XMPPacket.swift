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

    static func properties(_ bytes: [UInt8], in namespaces: Set<String>) throws(Fault) -> [String: String] {
        // XML is UTF-8 here (XMP allows nothing else in a sidecar), and never holds the C0
        // controls but tab, line feed and carriage return.
        // One pass without branches (vectorised) says whether either check is needed at all.
        let (control, high) = bytes.withUnsafeBufferPointer { b in
            var control: UInt8 = 0, high: UInt8 = 0
            for byte in b {
                control |= isControl(byte) ? 1 : 0
                high |= byte & 0x80
            }
            return (control != 0, high != 0)
        }
        if control, let bad = bytes.firstIndex(where: isControl) { throw Fault(offset: bad) }
        if high { guard String(validating: bytes, as: UTF8.self) != nil else { throw Fault(offset: 0) } }
        // Read through a pointer: the array's retains and releases were a tenth of the time.
        let result: Result<[String: String], Fault> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, wanted: namespaces)
            do throws(Fault) {
                try reader.run()
                return .success(reader.properties)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// A string of `bytes` by the contiguous path (a slice of a buffer takes the generic one).
    private static func utf8(_ bytes: Bytes) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) }

    /// An attribute's value: its bytes, or their decoding when it held an entity or white space.
    private enum Value {
        case raw(Bytes)
        case decoded([UInt8])

        var string: String {
            switch self {
            case .raw(let b): XMPPacket.utf8(b)
            case .decoded(let b): String(decoding: b, as: UTF8.self)
            }
        }
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
        var at = 0
        var properties: [String: String] = [:]
        var open: [Element] = []
        /// (prefix, namespace, whether it is wanted) in declaration order; the innermost
        /// declaration of a prefix wins.
        var scopes: [(prefix: Bytes, uri: String, wanted: Bool)] = []
        var text: [UInt8] = []
        var sawRoot = false
        /// The attributes of the tag being read: one buffer for every tag.
        var attributes: [(name: Bytes, value: Value)] = []

        init(bytes: UnsafeBufferPointer<UInt8>, wanted: Set<String>) {
            (self.bytes, self.wanted) = (bytes, wanted)
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
                if attribute.count >= 5, attribute.starts(with: "xmlns".utf8), attribute.count == 5 || attribute[attribute.startIndex + 5] == UInt8(ascii: ":") {
                    let uri = value.string
                    scopes.append((attribute.dropFirst(attribute.count == 5 ? 5 : 6), uri, wanted.contains(uri)))
                    declared += 1
                } else {
                    attributes.append((attribute, value))
                }
            }
            sawRoot = true
            text.removeAll(keepingCapacity: true)
            for (attribute, value) in attributes {
                // Only prefixed attributes are properties: an unprefixed one has no namespace.
                guard let colon = attribute.firstIndex(of: UInt8(ascii: ":")), let scope = namespace(of: attribute[attribute.startIndex..<colon]),
                      scope.wanted else { continue }
                let key = scope.uri + XMPPacket.utf8(attribute[(colon + 1)...])
                if properties[key] == nil { properties[key] = value.string }
            }
            let element = Element(qualifiedName: name, key: key(of: name), declared: declared)
            if empty {
                scopes.removeLast(declared)
            } else {
                open.append(element)
            }
        }

        mutating func endTag() throws(Fault) {
            at += 2
            let name = try self.name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ">"), let element = open.popLast(),
                  element.qualifiedName.elementsEqual(name) else { throw fault() }
            at += 1
            if let key = element.key, properties[key] == nil, let value = Self.trimmed(text) { properties[key] = value }
            text.removeAll(keepingCapacity: true)
            scopes.removeLast(element.declared)
        }

        /// An element's namespace + local name (the default namespace for an unprefixed one),
        /// when that namespace is wanted.
        func key(of name: Bytes) -> String? {
            let colon = name.firstIndex(of: UInt8(ascii: ":"))
            guard let scope = namespace(of: colon.map { name[name.startIndex..<$0] } ?? name[name.startIndex..<name.startIndex]), scope.wanted else { return nil }
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
                if XMPPacket.isSpace(b) || b == UInt8(ascii: ">") || b == UInt8(ascii: "/")
                    || b == UInt8(ascii: "=") || b == UInt8(ascii: "<") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { break }
                at += 1
            }
            guard at > start else { throw fault() }
            return bytes[start..<at]
        }

        /// A quoted attribute value: the bytes themselves, unless it holds an entity or white
        /// space that XML turns into spaces.
        mutating func quoted() throws(Fault) -> Value {
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
            if XMPPacket.needsDecoding(base + start, count: end - start) { return try decoded(quote) }
            at = end + 1
            return .raw(bytes[start..<end])
        }

        /// The value from `at` to its closing `quote`, entities decoded and white space made spaces.
        mutating func decoded(_ quote: UInt8) throws(Fault) -> Value {
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
            return .decoded(value)
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
