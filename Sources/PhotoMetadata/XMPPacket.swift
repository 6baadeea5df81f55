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

    /// The properties in `namespaces`; with `names`, only those of these local names (what a
    /// reader wants: the others are then neither decoded nor kept).
    static func properties(_ bytes: some ContiguousBytes, in namespaces: Set<String>, named names: [String]? = nil) throws(Fault) -> [String: String] {
        try properties(bytes, in: namespaces, named: names.map(LocalNames.init))
    }

    /// Local names, as ``properties(_:in:named:)`` compares them: made once by a reader that
    /// asks for the same names of every packet.
    struct LocalNames: Sendable {
        let bytes: [[UInt8]]
        /// A bit for each of their lengths, and for each of their first bytes (modulo 64): most
        /// names are not asked for, and these say so without a comparison.
        let lengths: UInt64, firsts: UInt64

        init(_ names: [String]) {
            bytes = names.map { Array($0.utf8) }
            lengths = bytes.reduce(0) { $1.count < 64 ? $0 | 1 << UInt64($1.count) : $0 }
            firsts = bytes.reduce(0) { $0 | 1 << UInt64(($1.first ?? 0) & 63) }
        }
    }

    static func properties(_ bytes: some ContiguousBytes, in namespaces: Set<String>, named names: LocalNames?) throws(Fault) -> [String: String] {
        try read(bytes, in: Array(namespaces), named: names, slotted: false).properties
    }

    /// The values of `names` in `namespaces` by place, what a reader that asks for the same
    /// few of every packet wants: `values[n * namespaces.count + k]` is the `n`th name's in the
    /// `k`th namespace, nil when the packet has none. The same values as
    /// ``properties(_:in:named:)`` without a key made, hashed and looked up for each (a
    /// namespace + name of some 40 bytes, stored apart).
    static func values(_ bytes: some ContiguousBytes, in namespaces: [String], named names: LocalNames) throws(Fault) -> [String?] {
        try read(bytes, in: namespaces, named: names, slotted: true).slots
    }

    private static func read(_ bytes: some ContiguousBytes, in namespaces: [String], named names: LocalNames?,
                             slotted: Bool) throws(Fault) -> (properties: [String: String], slots: [String?]) {
        let result: Result<([String: String], [String?]), Fault> = bytes.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            do throws(Fault) {
                // Read first, then the characters checked but for what the reading found to
                // repeat bytes checked already (``Reader/repeats``): a fault in the characters
                // is the one reported, wherever the reading stopped, as when they were checked
                // first. Reading what the check would refuse does no harm: every byte is read
                // within bounds, a control as white space, and nothing read is kept.
                var reader = Reader(bytes: buffer, wanted: namespaces, names: names, slotted: slotted)
                var fault: Fault? = nil
                do throws(Fault) { try reader.run() } catch { fault = error }
                try checkCharacters(buffer, skipping: reader.repeats)
                if let fault { throw fault }
                return .success((reader.properties, reader.slots))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// XML is UTF-8 here (XMP allows nothing else in a sidecar), and never holds the C0
    /// controls but tab, line feed and carriage return: sixteen bytes at a time, and the UTF-8
    /// decoded only from the first byte above ASCII in a block (a packet's one such character is
    /// most often the byte-order mark in `<?xpacket begin=…?>`). The reader counts on it: a
    /// byte below a space is then white space. The ranges in `skipped` (start, end, start,
    /// end…, in order, each beginning and ending between characters) are known good and passed
    /// over: ``Reader/repeats``.
    static func checkCharacters(_ b: UnsafeBufferPointer<UInt8>, skipping skipped: [Int] = []) throws(Fault) {
        var i = 0, k = 0
        while true {
            i = try checkCharacters(b, from: i, to: k < skipped.count ? skipped[k] : b.count)
            guard k &+ 1 < skipped.count else { return }
            i = max(i, skipped[k &+ 1])
            k &+= 2
        }
    }

    /// ``checkCharacters(_:skipping:)`` from `start` (between characters) to `end` at least:
    /// where it stopped, at or past `end`, between characters (a block is checked whole).
    private static func checkCharacters(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) throws(Fault) -> Int {
        guard let base = b.baseAddress else { return start }
        var i = start
        while i < end {
            // Four blocks a step while they are plain (the test and the loop cost as much as a
            // block's class), then two.
            if end - i >= 64, ByteBlock.isEmpty(odd(ByteBlock(base + i, available: 64)) | odd(ByteBlock(base + i + 16, available: 48))
                                                | odd(ByteBlock(base + i + 32, available: 32)) | odd(ByteBlock(base + i + 48, available: 16))) {
                i += 64
                continue
            }
            if end - i >= 32, ByteBlock.isEmpty(odd(ByteBlock(base + i, available: 32)) | odd(ByteBlock(base + i + 16, available: 16))) {
                i += 32
                continue
            }
            guard let lane = ByteBlock.first(odd(ByteBlock(base + i, available: b.count - i))) else { i += 16; continue }
            // Byte by byte from there until the block's end, a character never cut.
            let blockEnd = min(i + 16, b.count)
            i += lane
            while i < blockEnd {
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
        return i
    }

    /// A control but tab (09), line feed (0A) and carriage return (0D), or a byte above ASCII.
    @inline(__always) private static func odd(_ block: ByteBlock) -> SIMD16<UInt8> {
        block.below(0x09) | block.within(0x0B, count: 2) | block.within(0x0E, count: 0x12) | block.high
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

    /// Whether the `count` bytes at `a` and at `b` are the same, eight at a time (the last
    /// eight overlapping the ones before): for the few dozen bytes of a name or an attribute's
    /// gap, a call to `memcmp` cost more than the comparison.
    @inline(__always) static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 8 else {
            for k in 0..<count where a[k] != b[k] { return false }
            return true
        }
        let (x, y) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        var k = 0
        while k &+ 8 < count {
            if x.loadUnaligned(fromByteOffset: k, as: UInt64.self) != y.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
            k &+= 8
        }
        return x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// A string of `bytes` by the contiguous path (a slice of a buffer takes the generic one).
    private static func utf8(_ bytes: Bytes) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) }

    /// A prefixed attribute of the tag being read: its prefix and local name, and its value's
    /// bytes or, when it held an entity or white space, the index of their decoding in
    /// ``Reader/decodedValues``. Plain values: a tag's attributes are copied without a
    /// reference count.
    private struct Attribute {
        let prefix: Bytes
        let local: Bytes
        let name: Int   // its index in the names asked for
        let value: Bytes
        let decoded: Int?
    }

    /// An open element: nothing counted, so a push and a pop are copies (a key string in it
    /// was retained and released at each).
    private struct Element {
        let qualifiedName: Bytes
        /// Its namespace in ``Reader/uris`` when wanted and its local name asked for (the only
        /// elements whose text counts), else -1; where its local name begins, and its index in
        /// the names asked for.
        let uri: Int, local: Int, name: Int
        let declared: Int   // how many namespace declarations it pushed
    }

    private struct Reader: ~Copyable {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The namespaces asked for, in the order of ``values(_:in:named:)``.
        let wanted: [String]
        /// The local names asked for (nil: all).
        let names: LocalNames?
        var at = 0
        /// The properties by namespace + local name or, `slotted`, by place (``values(_:in:named:)``).
        var properties: [String: String] = [:]
        var slots: [String?] = []
        let slotted: Bool
        var open: [Element] = []
        /// (prefix, namespace in `uris` or -1 when not wanted) in declaration order; the
        /// innermost declaration of a prefix wins.
        var scopes: [(prefix: Bytes, uri: Int)] = []
        /// The wanted namespaces declared, "" first when no namespace is wanted, with their
        /// index in `wanted` (their text is not kept when `slotted`): only what is counted,
        /// never removed (a packet declares a dozen).
        var uris: [(text: String, wanted: Int)] = []
        /// The namespace of an unprefixed name where no default is declared ("", as libxml2
        /// reports it) in `uris`, or -1.
        let noNamespace: Int
        var text: [UInt8] = []
        var sawRoot = false
        /// The attributes of the tag being read, and the values of them that were decoded: one
        /// buffer for every tag.
        var attributes: [Attribute] = []
        var decodedValues: [[UInt8]] = []
        /// The previous start tag's attributes as read, for a next laid out the same way.
        var gaps = AttributeGaps()
        /// The runs of attributes passed by ``repeated(from:k:)`` (start, end, start, end…, in
        /// order): their gaps repeat bytes read (and checked) before, their values are printable
        /// ASCII, so ``checkCharacters(_:skipping:)`` passes over them. Each begins after a name
        /// or a quote and ends after a quote: between characters.
        var repeats: [Int] = []

        /// Whether every namespace asked for is ASCII (all real ones are), so compared as bytes.
        let asciiWanted: Bool

        init(bytes: UnsafeBufferPointer<UInt8>, wanted: [String], names: LocalNames?, slotted: Bool) {
            (self.bytes, self.wanted, self.names, self.slotted) = (bytes, wanted, names, slotted)
            asciiWanted = wanted.allSatisfy { $0.utf8.withContiguousStorageIfAvailable(Self.isASCII) ?? false }
            if let none = wanted.firstIndex(of: "") { uris.append(("", none)) }
            noNamespace = uris.isEmpty ? -1 : 0
            // Room for the properties a reader asks for, made at once instead of grown.
            if slotted {
                // Initialised in one pass (`Array(repeating:count:)` took 1,500 instructions for 21).
                let count = (names?.bytes.count ?? 0) * wanted.count
                slots = [String?](unsafeUninitializedCapacity: count) { buffer, initialized in
                    buffer.initialize(repeating: nil)
                    initialized = count
                }
            } else {
                properties.reserveCapacity(8)
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }   // a UTF-8 byte-order mark
            // Room for a sidecar's depth, declarations and a property's text at once: grown
            // from nothing, they were a dozen allocations a packet.
            open.reserveCapacity(16)
            scopes.reserveCapacity(16)
            text.reserveCapacity(64)
            // The namespaces asked for declared, and a tag's properties (darktable's five):
            // grown from one, they were made again at two and four.
            uris.reserveCapacity(max(4, wanted.count + 1))
            attributes.reserveCapacity(8)
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
            let counts = open.last.map { $0.uri >= 0 } ?? false
            while at < bytes.count, bytes[at] != UInt8(ascii: "<") {
                if open.isEmpty {
                    guard XMPPacket.isSpace(bytes[at]) else { throw fault() }
                    at += 1
                } else if bytes[at] == UInt8(ascii: "&") {
                    let piece = try entity()
                    if counts { append(piece) }
                } else {
                    let start = at
                    at = scan(from: at, where: Self.textEnd)
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
                if let last = open.last, last.uri >= 0 { append(bytes[start..<(at - 3)]) }
            } else if starts("<!") {
                throw Fault(offset: at, isDTD: starts("<!DOCTYPE") || starts("<!ENTITY"))   // a DTD, or nothing XML has
            } else {
                try endTag()   // "</": the only markup left
            }
        }

        mutating func startTag() throws(Fault) {
            at += 1
            let (name, colon) = try nameAndColon()
            var declared = 0, empty = false
            // An element without attributes (all the properties of the element form) goes
            // straight to its `>`: the attributes' reading and what it keeps are not set up.
            if at < bytes.count, bytes[at] == UInt8(ascii: ">") {
                at += 1
            } else {
                (declared, empty) = try readAttributes()
            }
            sawRoot = true
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
            let (uri, local, asked) = counted(name, colon: colon)
            let element = Element(qualifiedName: name, uri: uri, local: local, name: asked, declared: declared)
            if empty {
                if declared > 0 { scopes.removeLast(declared) }
                // The text after it, as after an end tag (``endTag()``).
                if let last = open.last { leadingText(counts: last.uri >= 0) }
                return
            }
            // Its text to the next tag, and when that tag is its end (`<p:Name>text</p:Name>`,
            // every property of the element form) the end: read here as ``characters()`` and
            // ``endTag()`` read them, without going round the loop of ``run()`` for each, and
            // without the element pushed and popped (nothing read in between looks at it).
            leadingText(counts: uri >= 0)
            let n = name.count
            if let base = bytes.baseAddress, n &+ 2 < bytes.count &- at, base[at] == UInt8(ascii: "<"), base[at &+ 1] == UInt8(ascii: "/"),
               base[at &+ 2 &+ n] == UInt8(ascii: ">"), XMPPacket.same(base + (at &+ 2), base + name.startIndex, count: n) {
                at &+= n &+ 3
                close(element)
                if let last = open.last { leadingText(counts: last.uri >= 0) }
            } else {
                open.append(element)
            }
        }

        /// The text from `at` to the next `<` or `&`, kept when the open element `counts`: what
        /// ``characters()`` reads first, read where a tag ends.
        @inline(__always) mutating func leadingText(counts: Bool) {
            guard at < bytes.count, bytes[at] != UInt8(ascii: "<") else { return }
            let start = at
            at = scan(from: at, where: Self.textEnd)
            if counts { append(bytes[start..<at]) }
        }

        /// The attributes of the tag whose name was read, to its `>` or `/>`: namespace
        /// declarations pushed, the properties asked for kept. How many declarations it pushed,
        /// and whether the element is empty.
        mutating func readAttributes() throws(Fault) -> (declared: Int, empty: Bool) {
            // Emptied only when filled: a call for every tag otherwise.
            if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
            if !decodedValues.isEmpty { decodedValues.removeAll(keepingCapacity: true) }
            var declared = 0, empty = false
            // The attributes are read in locals, `at` stored before what reads it (a fault, a
            // decoding): kept in the reader, it was loaded and stored at every step of darktable's
            // some 300 attributes.
            let base = bytes.baseAddress!, count = bytes.count   // a name was read: not empty
            var i = at, k = 0
            while true {
                let repeatedFrom = i
                i = repeated(from: i, k: &k)
                if i > repeatedFrom {
                    if repeats.isEmpty { repeats.reserveCapacity(64) }   // darktable's history: a run a tag
                    repeats.append(repeatedFrom)
                    repeats.append(i)
                }
                // The gap to the value's quote: as the previous tag's `k`th when the same bytes
                // (``AttributeGaps``), else read.
                let gapStart = i, nameStart: Int, nameEnd: Int
                var known: AttributeGaps.Gap? = nil
                if let gap = gaps.candidate(k), gap.length <= count &- i, XMPPacket.same(base + gap.start, base + i, count: gap.length) {
                    (nameStart, nameEnd, i, known) = (i &+ gap.nameStart, i &+ gap.nameEnd, i &+ gap.length &- 1, gap)
                } else {
                    if i < count, base[i] <= 0x20 { i = scan(from: i &+ 1, where: Self.notSpace) }
                    guard i < count else { at = i; throw fault() }
                    if base[i] == UInt8(ascii: ">") { i &+= 1; break }
                    if base[i] == UInt8(ascii: "/"), i &+ 1 < count, base[i &+ 1] == UInt8(ascii: ">") { i &+= 2; empty = true; break }
                    nameStart = i
                    i = scan(from: i, where: Self.nameEnd)
                    nameEnd = i
                    guard nameEnd > nameStart else { at = i; throw fault() }
                    if i < count, base[i] <= 0x20 { i = scan(from: i &+ 1, where: Self.notSpace) }
                    guard i < count, base[i] == UInt8(ascii: "=") else { at = i; throw fault() }
                    i &+= 1
                    if i < count, base[i] <= 0x20 { i = scan(from: i &+ 1, where: Self.notSpace) }
                    guard i < count, base[i] == UInt8(ascii: "\"") || base[i] == UInt8(ascii: "'") else { at = i; throw fault() }
                }
                let quote = base[i], valueStart = i &+ 1
                // One pass to the closing quote or to what needs decoding.
                let end = valueEnd(from: valueStart, quote: quote)
                var value = bytes[valueStart..<end], decoded: Int? = nil
                if end < count, base[end] == quote {
                    i = end &+ 1
                } else {
                    at = valueStart
                    decoded = try decodedValue(quote, from: end)
                    (i, value) = (at, bytes[valueStart..<(at &- 1)])
                }
                let attribute = bytes[nameStart..<nameEnd]
                // What the name is (a gap kept says; else found, and the gap kept for the next tag).
                let gap: AttributeGaps.Gap
                if let known {
                    gap = known
                } else {
                    var colon = -1, name = AttributeGaps.Gap.none
                    if base[nameStart] == UInt8(ascii: "x"), Self.declaredPrefix(attribute) != nil {
                        name = AttributeGaps.Gap.declaration
                    } else if let at = self.colon(in: attribute) {
                        colon = at &- gapStart
                        // Only prefixed attributes are properties: an unprefixed one has no namespace.
                        name = asked(attribute[(at + 1)...]) ?? AttributeGaps.Gap.none
                    }
                    gap = AttributeGaps.Gap(start: gapStart, length: valueStart &- gapStart, nameStart: nameStart &- gapStart,
                                            nameEnd: nameEnd &- gapStart, colon: colon, name: name)
                    gaps.keep(gap, at: k)
                }
                k &+= 1
                if gap.name == AttributeGaps.Gap.declaration, let prefix = Self.declaredPrefix(attribute) {
                    // Static, given what it reads: as a method made a function value, the reader was
                    // copied (its arrays retained and released) for each declaration.
                    let (wanted, ascii) = (self.wanted, asciiWanted)
                    let inWanted = decoded.map { decodedValues[$0].withUnsafeBufferPointer { Self.wantedIndex($0, in: wanted, ascii: ascii) } }
                        ?? Self.wantedIndex(UnsafeBufferPointer(rebasing: value), in: wanted, ascii: ascii)
                    // The namespace of a prefix not wanted is never read.
                    if let inWanted { uris.append((slotted ? "" : string(value, decoded: decoded), inWanted)) }
                    scopes.append((prefix, inWanted != nil ? uris.count - 1 : -1))
                    declared += 1
                } else if gap.name >= 0 {
                    let colon = gapStart &+ gap.colon
                    attributes.append(Attribute(prefix: attribute[attribute.startIndex..<colon], local: attribute[(colon + 1)...], name: gap.name,
                                                value: value, decoded: decoded))
                }
            }
            gaps.endTag(attributes: k)
            at = i
            for attribute in attributes {
                guard let uri = namespace(of: attribute.prefix), uri >= 0 else { continue }
                if let place = vacancy(uri: uri, name: attribute.name, local: attribute.local) { keep(string(attribute.value, decoded: attribute.decoded), at: place) }
            }
            return (declared, empty)
        }

        /// Past the attributes from the `k`th that repeat the previous tag's (``AttributeGaps``)
        /// and are nothing to the reader: the same gap, a name that is no property asked for and
        /// no declaration, a value of printable ASCII (nothing to decode, nothing to check). What else there is, from where
        /// this stops, ``readAttributes()`` reads. A loop of its own: in that of
        /// ``readAttributes()``, its few values were kept on the stack and reloaded at each step.
        /// Mutating only so that the reader is passed by reference: as a method that borrows it,
        /// a copy was made for each call, and noncopyable, it still cost 1,500 instructions a
        /// sidecar more.
        @inline(__always) mutating func repeated(from start: Int, k: inout Int) -> Int {
            guard let base = bytes.baseAddress else { return start }
            let count = bytes.count
            var i = start
            while let gap = gaps.candidate(k), gap.name == AttributeGaps.Gap.none, gap.length <= count &- i,
                  XMPPacket.same(base + gap.start, base + i, count: gap.length) {
                let valueStart = i &+ gap.length, quote = base[valueStart &- 1]
                let end = quote == UInt8(ascii: "\"") ? scan(from: valueStart, where: Self.doubleQuotedPlainEnd)
                    : scan(from: valueStart, where: Self.singleQuotedPlainEnd)
                guard end < count, base[end] == quote else { break }
                (i, k) = (end &+ 1, k &+ 1)
            }
            return i
        }

        /// The index of the quote that ends the value from `start`, or of what in it needs
        /// decoding (``valueEnd(_:quote:)``).
        @inline(__always) func valueEnd(from start: Int, quote: UInt8) -> Int {
            quote == UInt8(ascii: "\"") ? scan(from: start, where: Self.doubleQuotedEnd) : scan(from: start, where: Self.singleQuotedEnd)
        }

        /// The prefix an `xmlns:p` attribute declares (empty for `xmlns`, the default
        /// namespace); nil for any other attribute.
        @inline(__always) static func declaredPrefix(_ name: Bytes) -> Bytes? {
            let s = name.startIndex
            guard name.count >= 5, name[s] == UInt8(ascii: "x"), name[s + 1] == UInt8(ascii: "m"), name[s + 2] == UInt8(ascii: "l"),
                  name[s + 3] == UInt8(ascii: "n"), name[s + 4] == UInt8(ascii: "s") else { return nil }
            if name.count == 5 { return name[(s + 5)...] }
            return name[s + 5] == UInt8(ascii: ":") ? name[(s + 6)...] : nil
        }

        /// The index of a namespace in those asked for, compared as bytes: a packet declares a
        /// dozen, and a string made and hashed for each was a twentieth of its read. Strings
        /// compare canonical equivalents equal, which only text above ASCII has: then as strings.
        static func wantedIndex(_ uri: UnsafeBufferPointer<UInt8>, in wanted: [String], ascii asciiWanted: Bool) -> Int? {
            guard asciiWanted, Self.isASCII(uri) else { return wanted.firstIndex(of: String(decoding: uri, as: UTF8.self)) }
            return wanted.firstIndex { namespace in
                namespace.utf8.count == uri.count
                    && namespace.utf8.withContiguousStorageIfAvailable { uri.isEmpty || memcmp($0.baseAddress!, uri.baseAddress!, uri.count) == 0 } == true
            }
        }

        /// Whether bytes are ASCII, OR-ed in one pass the compiler vectorises.
        static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool { b.reduce(0, |) < 0x80 }

        /// An attribute value's text: its decoding when it had one, else its bytes.
        func string(_ value: Bytes, decoded: Int?) -> String {
            decoded.map { String(decoding: decodedValues[$0], as: UTF8.self) } ?? XMPPacket.utf8(value)
        }

        /// The index of a local name in those asked for (0 when all are), nil when it is not one.
        @inline(__always) func asked(_ local: Bytes) -> Int? {
            guard let names else { return 0 }
            guard local.count < 64, names.lengths & (1 << UInt64(local.count)) != 0, let p = local.base.baseAddress,
                  names.firsts & (1 << UInt64(p[local.startIndex] & 63)) != 0 else { return nil }
            return names.bytes.firstIndex { name in name.count == local.count && memcmp(name, p + local.startIndex, name.count) == 0 }
        }

        /// Where a property goes (its place when `slotted`, else its namespace + local name),
        /// nil when it has a value already: the first one wins, and no other is made.
        func vacancy(uri: Int, name: Int, local: Bytes) -> (slot: Int, key: String)? {
            if slotted {
                let slot = name * wanted.count + uris[uri].wanted
                return slots[slot] == nil ? (slot, "") : nil
            }
            let key = uris[uri].text + XMPPacket.utf8(local)
            return properties[key] == nil ? (0, key) : nil
        }

        mutating func keep(_ value: String, at place: (slot: Int, key: String)) {
            if slotted { slots[place.slot] = value } else { properties[place.key] = value }
        }

        mutating func endTag() throws(Fault) {
            at += 2
            let element: Element
            // Most often the open element's name and `>`: then compared, not scanned for. Its
            // name holds nothing that ends a name (it was read as one), so a scan would find
            // the same name, and no white space before the `>`.
            if let last = open.last, let base = bytes.baseAddress, case let n = last.qualifiedName.count, n < bytes.count &- at,
               base[at &+ n] == UInt8(ascii: ">"), XMPPacket.same(base + at, base + last.qualifiedName.startIndex, count: n) {
                element = open.removeLast()
                at &+= n
            } else {
                let name = try self.name()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ">"), let last = open.popLast(),
                      last.qualifiedName.count == name.count, let base = bytes.baseAddress,
                      memcmp(base + last.qualifiedName.startIndex, base + name.startIndex, name.count) == 0 else { throw fault() }
                element = last
            }
            at += 1
            close(element)
            // Outside the root ``characters()`` refuses what is not white space; and nothing
            // after the root's end is read.
            if let last = open.last { leadingText(counts: last.uri >= 0) }
        }

        /// An element's end, its tag read: its text kept when it counts, its declarations popped.
        @inline(__always) mutating func close(_ element: Element) {
            if element.uri >= 0, let place = vacancy(uri: element.uri, name: element.name, local: bytes[element.local..<element.qualifiedName.endIndex]),
               let value = Self.trimmed(text) {
                keep(value, at: place)
            }
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
            if element.declared > 0 { scopes.removeLast(element.declared) }
        }

        /// An element's namespace in `uris` (the default namespace for an unprefixed one) when
        /// it is wanted and its local name asked for, else -1; where its local name begins, and
        /// its index in the names asked for.
        @inline(__always) func counted(_ name: Bytes, colon: Int?) -> (uri: Int, local: Int, name: Int) {
            let local = colon.map { $0 + 1 } ?? name.startIndex
            guard let asked = asked(name[local...]), let uri = namespace(of: name[name.startIndex..<(colon ?? name.startIndex)]) else { return (-1, local, 0) }
            return (uri, local, asked)
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

        /// The innermost declaration's namespace in `uris`, -1 when not wanted; none for an
        /// unbound prefix, and ``noNamespace`` when no default namespace is declared.
        func namespace(of prefix: Bytes) -> Int? {
            for scope in scopes.reversed() where scope.prefix.count == prefix.count {
                var same = true
                for (a, b) in zip(scope.prefix, prefix) where a != b { same = false; break }
                if same { return scope.uri }
            }
            return prefix.isEmpty ? noNamespace : nil
        }

        /// ``name()`` and the index of its first colon (nil when it has none), found in the
        /// same blocks: an element's colon was a scan of its own.
        @inline(__always) mutating func nameAndColon() throws(Fault) -> (Bytes, colon: Int?) {
            let start = at, count = bytes.count
            guard let base = bytes.baseAddress else { throw fault() }
            var i = start, colon: Int? = nil
            while i < count {
                let block = ByteBlock(base + i, available: count &- i)
                let end = ByteBlock.first(Self.nameEnd(block))
                if colon == nil, let lane = ByteBlock.first(Self.colon(block)), lane < end ?? 16 { colon = i &+ lane }
                if let end {
                    i &+= end
                    break
                }
                i &+= 16
            }
            at = min(i, count)
            guard at > start else { throw fault() }
            return (bytes[start..<at], colon)
        }

        @inline(__always) mutating func name() throws(Fault) -> Bytes {
            let start = at
            at = scan(from: at, where: Self.nameEnd)
            guard at > start else { throw fault() }
            return bytes[start..<at]
        }

        /// The index of the first byte from `start` in the class `found` makes of a block, else
        /// `end`. The classes are functions, not closures: a closure was compiled apart and
        /// called for every block.
        @inline(__always) func scan(from start: Int, to end: Int? = nil, where found: (ByteBlock) -> SIMD16<UInt8>) -> Int {
            ByteBlock.firstIndex(in: bytes, from: start, to: end ?? bytes.count, where: found)
        }

        /// The bytes that end a name: white space (all that is below a space, the characters
        /// checked), `" ' /` and `< = >`.
        @inline(__always) static func nameEnd(_ b: ByteBlock) -> SIMD16<UInt8> {
            b.below(0x21) | b.equal(UInt8(ascii: "\"")) | b.equal(UInt8(ascii: "'")) | b.equal(UInt8(ascii: "/")) | b.within(UInt8(ascii: "<"), count: 3)
        }

        /// What ends a run of text: a tag or an entity.
        @inline(__always) static func textEnd(_ b: ByteBlock) -> SIMD16<UInt8> { b.equal(UInt8(ascii: "<")) | b.equal(UInt8(ascii: "&")) }

        /// What is not white space.
        @inline(__always) static func notSpace(_ b: ByteBlock) -> SIMD16<UInt8> { ~b.below(0x21) }

        /// A name's colon.
        @inline(__always) static func colon(_ b: ByteBlock) -> SIMD16<UInt8> { b.equal(UInt8(ascii: ":")) }

        /// What ends an attribute value, or needs it decoded: its quote, a `<` (refused), an
        /// entity, white space that XML makes a space.
        @inline(__always) static func valueEnd(_ b: ByteBlock, quote: UInt8) -> SIMD16<UInt8> {
            b.equal(quote) | b.equal(UInt8(ascii: "<")) | b.equal(UInt8(ascii: "&")) | b.below(0x20)
        }
        @inline(__always) static func doubleQuotedEnd(_ b: ByteBlock) -> SIMD16<UInt8> { valueEnd(b, quote: UInt8(ascii: "\"")) }
        /// A value's end, or what needs decoding, or a byte above ASCII: a value that has none
        /// of these but its quote is printable ASCII, good characters (``repeats``).
        @inline(__always) static func doubleQuotedPlainEnd(_ b: ByteBlock) -> SIMD16<UInt8> { valueEnd(b, quote: UInt8(ascii: "\"")) | b.high }
        @inline(__always) static func singleQuotedPlainEnd(_ b: ByteBlock) -> SIMD16<UInt8> { valueEnd(b, quote: UInt8(ascii: "'")) | b.high }
        @inline(__always) static func singleQuotedEnd(_ b: ByteBlock) -> SIMD16<UInt8> { valueEnd(b, quote: UInt8(ascii: "'")) }

        /// The index of a name's first colon (the end of its prefix).
        @inline(__always) func colon(in name: Bytes) -> Int? {
            let i = scan(from: name.startIndex, to: name.endIndex, where: Self.colon)
            return i < name.endIndex ? i : nil
        }

        /// The decoding of the value from `at` (just past its opening quote), whose first byte
        /// that is not plain is at `end`: its index in ``decodedValues``, `at` past its closing quote.
        mutating func decodedValue(_ quote: UInt8, from end: Int) throws(Fault) -> Int {
            // A value never closed is refused at the end, before what it holds.
            guard let base = bytes.baseAddress, memchr(base + end, Int32(quote), bytes.count - end) != nil else {
                at = bytes.count
                throw fault()
            }
            decodedValues.append(try decoded(quote))
            return decodedValues.count - 1
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

        @inline(__always) mutating func skipSpace() {
            // Most often no space or one; below a space is white space, the characters checked.
            guard at < bytes.count, bytes[at] <= 0x20 else { return }
            at = scan(from: at + 1, where: Self.notSpace)
        }

        func starts(_ literal: StaticString) -> Bool { starts(literal, at: at) }

        func starts(_ literal: StaticString, at i: Int) -> Bool {
            guard i + literal.utf8CodeUnitCount <= bytes.count, let base = bytes.baseAddress else { return false }
            return memcmp(base + i, literal.utf8Start, literal.utf8CodeUnitCount) == 0
        }

        /// The index just past the next `literal`: its first byte by memchr, a comparison a
        /// candidate (a packet's `<?xpacket …?>` was compared at every byte).
        func index(after literal: StaticString) throws(Fault) -> Int {
            let n = literal.utf8CodeUnitCount
            var i = at
            while i + n <= bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + i, Int32(literal.utf8Start.pointee), bytes.count - i - n + 1) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if starts(literal, at: i) { return i + n }
                i += 1
            }
            throw fault()
        }
    }
}
