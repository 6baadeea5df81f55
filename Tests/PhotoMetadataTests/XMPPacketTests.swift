import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PhotoMetadata

/// ``XMPPacket`` against a reference: Foundation's `XMLParser` (libxml2), namespaces resolved,
/// collecting every element's text and prefixed attribute by namespace + local name, the first
/// occurrence winning, as the sidecar reader did before it. Same properties on the forms
/// darktable, Lightroom, digiKam and exiftool write and on XML's corners; both refuse the same
/// broken documents, cut at every byte.
@Suite struct XMPPacketTests {
    /// The reference reader.
    private final class Reference: NSObject, XMLParserDelegate {
        var properties: [String: String] = [:]
        private var open: [String] = [], text = "", namespaces: [String: String] = [:]
        var sawRoot = false, depth = 0

        static func read(_ text: String) -> [String: String]? {
            let parser = XMLParser(data: Data(text.utf8)), delegate = Reference()
            parser.shouldProcessNamespaces = true
            parser.shouldReportNamespacePrefixes = true
            parser.delegate = delegate
            return parser.parse() && delegate.sawRoot && delegate.depth == 0 ? delegate.properties : nil
        }

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) { namespaces[prefix] = namespaceURI }
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append((namespaceURI ?? "") + name)
            (sawRoot, depth, text) = (true, depth + 1, "")
            for (key, value) in attributes {
                let parts = key.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let ns = namespaces[String(parts[0])] else { continue }
                if properties[ns + parts[1]] == nil { properties[ns + parts[1]] = value }
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, foundCDATA data: Data) { text += String(decoding: data, as: UTF8.self) }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let key = open.popLast() ?? ""
            depth -= 1
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty, properties[key] == nil { properties[key] = value }
            text = ""
        }
    }

    /// Every namespace the documents use, and none (an element of no namespace).
    static let every: Set<String> = ["", "adobe:ns:meta/", "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://ns.adobe.com/exif/1.0/",
        "http://ns.adobe.com/xap/1.0/", "http://darktable.sf.net/", "http://ns.adobe.com/camera-raw-settings/1.0/",
        "http://purl.org/dc/elements/1.1/", "http://ns.adobe.com/photoshop/1.0/", "urn:default", "urn:one", "urn:two",
        "http://www.w3.org/XML/1998/namespace", "http://ns.adobe.com/xap/1.0/mm/", "http://ns.adobe.com/tiff/1.0/"]

    /// Only the namespaces asked for are read.
    @Test func onlyTheNamespacesAskedFor() throws {
        let text = Self.documents[0]
        let exif = "http://ns.adobe.com/exif/1.0/"
        let want = try #require(Reference.read(text)).filter { $0.key.hasPrefix(exif) }
        #expect(try XMPPacket.properties(Array(text.utf8), in: [exif]) == want && want.count == 4)
    }

    /// Only the local names asked for are read, in every namespace asked for, attributes and
    /// elements alike, on every document.
    @Test(arguments: Array(documents.indices))
    func onlyTheNamesAskedFor(_ index: Int) throws {
        let text = Self.documents[index], names = ["GPSLatitude", "CreateDate", "DateCreated", "A", "B", "Entity"]
        let want = try #require(Reference.read(text)).filter { key, _ in
            names.contains { name in key.hasSuffix(name) && Self.every.contains(String(key.dropLast(name.count))) }
        }
        #expect(try XMPPacket.properties(Array(text.utf8), in: Self.every, named: names) == want)
    }

    /// ``XMPPacket/values(_:in:named:)`` holds by place what ``XMPPacket/properties(_:in:named:)``
    /// holds by key, attributes and elements alike, the first occurrence winning, on every document.
    @Test(arguments: Array(documents.indices))
    func valuesByPlaceAreThePropertiesByKey(_ index: Int) throws {
        let bytes = Array(Self.documents[index].utf8), namespaces = Self.every.sorted()
        let names = ["GPSLatitude", "CreateDate", "DateCreated", "A", "B", "C", "D", "Entity", "Tail"]
        let values = try XMPPacket.values(bytes, in: namespaces, named: .init(names))
        #expect(values.count == names.count * namespaces.count)
        var byKey: [String: String] = [:]
        for (n, name) in names.enumerated() {
            for (k, namespace) in namespaces.enumerated() { byKey[namespace + name] = values[n * namespaces.count + k] }
        }
        let want = try XMPPacket.properties(bytes, in: Self.every, named: names)
        #expect(byKey == want && !want.isEmpty)
    }

    /// A broken document is refused by place as by key, at the same byte.
    @Test func valuesRefuseWhatPropertiesRefuse() {
        let names = XMPPacket.LocalNames(["A", "GPSLatitude"])
        for text in ["<a><b></a>", "<a x='<'/>", "<a xmlns:e='urn:one' e:A='1'>&bogus;</a>", "<a", "<!DOCTYPE a><a/>", "<a>\u{01}</a>"] {
            let bytes = Array(text.utf8)
            var byKey: XMPPacket.Fault?, byPlace: XMPPacket.Fault?
            do { _ = try XMPPacket.properties(bytes, in: ["urn:one"], named: names) } catch { byKey = error }
            do { _ = try XMPPacket.values(bytes, in: ["urn:one"], named: names) } catch { byPlace = error }
            #expect(byKey != nil && byPlace == byKey, "\(text)")
        }
    }

    /// Random documents of ASCII, characters of two to four bytes and, now and then, a byte
    /// sequence that is no UTF-8 (overlong, a surrogate, past U+10FFFF, cut, stray) or a
    /// control: refused exactly when the standard library's validation or XML's rule refuses them.
    @Test func charactersAreCheckedAsUTF8AndXMLDecide() {
        let good: [[UInt8]] = [[0x61], [0x20], [0x0A], [0x09], [0x0D], [0x3C], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xEF, 0xBB, 0xBF],
                               [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xC2, 0x80]]
        let bad: [[UInt8]] = [[0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
                              [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
                              [0xFF], [0x01], [0x1F], [0x00]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let token = Int.random(in: 0..<60, using: &generator) == 0 ? bad.randomElement(using: &generator)! : good.randomElement(using: &generator)!
                bytes += token
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            let checked = bytes.withUnsafeBufferPointer { b in (try? XMPPacket.checkCharacters(b)) != nil }
            #expect(checked == valid, "\(bytes)")
        }
    }

    private static let head = "<?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>\n"
    private static let rdf = "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""

    /// The forms of the tools that write sidecars, and XML's corners.
    static let documents: [String] = [
        // darktable: every property an attribute, then a history of attribute-only items.
        head + """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF \(rdf)>
          <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:darktable="http://darktable.sf.net/" exif:DateTimeOriginal="2024:05:01 10:00:00"
            exif:GPSLatitude="37,59.028000N" exif:GPSLongitude="23,43.650000E" exif:GPSAltitude="1200/10" xmp:Rating="3">
           <darktable:history><rdf:Seq>
             <rdf:li darktable:operation="exposure" darktable:enabled="1" darktable:params="0000803f"/>
             <rdf:li darktable:operation="colorin" darktable:enabled="1"/>
           </rdf:Seq></darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """,
        // Lightroom: elements, Camera Raw settings, a dc:subject bag.
        head + """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \(rdf)>
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
          xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" crs:Version="15.0">
         <xmp:CreateDate>2023-08-14T19:02:11.50+02:00</xmp:CreateDate>
         <exif:GPSLatitude>45,26.123N</exif:GPSLatitude><exif:GPSLongitude>12,20.5E</exif:GPSLongitude>
         <dc:subject><rdf:Bag><rdf:li>Venice</rdf:li><rdf:li>Canal &amp; boats</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """,
        // digiKam: Alt-language titles, a comment, CRLF line ends.
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\r\n<!-- digiKam -->\r\n<rdf:RDF \(rdf)>\r\n"
            + "<rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\">\r\n"
            + "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Été à Nîmes</rdf:li></rdf:Alt></dc:title>\r\n"
            + "<photoshop:DateCreated>2022-07-03T12:00:00</photoshop:DateCreated>\r\n</rdf:Description>\r\n</rdf:RDF>\r\n</x:xmpmeta>\r\n",
        // exiftool -o: one Description per namespace.
        head + """
        <x:xmpmeta xmlns:x='adobe:ns:meta/' x:xmptk='Image::ExifTool 13.58'><rdf:RDF \(rdf)>
         <rdf:Description rdf:about='' xmlns:exif='http://ns.adobe.com/exif/1.0/'>
          <exif:GPSAltitude>520/1</exif:GPSAltitude><exif:GPSAltitudeRef>0</exif:GPSAltitudeRef>
          <exif:GPSLatitude>37,59,1.68N</exif:GPSLatitude><exif:GPSLongitude>23,43,39E</exif:GPSLongitude>
         </rdf:Description>
         <rdf:Description rdf:about='' xmlns:photoshop='http://ns.adobe.com/photoshop/1.0/'>
          <photoshop:DateCreated>2024-05-01T10:00:00+01:00</photoshop:DateCreated>
         </rdf:Description>
        </rdf:RDF></x:xmpmeta>
        """,
        // Corners: a default namespace, a prefix redeclared inside, character references, CDATA,
        // attribute white space, a property twice (the first wins), an element of no namespace.
        """
        <root xmlns="urn:default" xmlns:e="urn:one">
         <e:A>first</e:A><e:A>second</e:A>
         <inner xmlns:e="urn:two" e:B="  tab\there &#x41;&#66;  "><e:A>two</e:A></inner>
         <e:C><![CDATA[ <not> a tag ]]></e:C><e:D>x &lt; y &gt; z &quot;q&quot; &apos;a&apos;</e:D>
         <plain xmlns="">no namespace</plain><e:E/><e:F></e:F>
        </root>
        """,
        // Long attribute values, read sixteen bytes at a time: an entity, a line break and a tab
        // past the first sixteen, in the tail after the last sixteen, and none at all.
        """
        <root xmlns:e="urn:one" e:Entity="0123456789abcdef0123456789 and &amp; after twenty-six bytes"
         e:Break="0123456789abcdef0123456789abcdef
        a line break after thirty-two bytes" e:Tail="0123456789abcdef0123456789abcdef0	x"
         e:Plain="0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"/>
        """,
    ]

    @Test(arguments: Array(documents.indices))
    func theSamePropertiesAsTheReference(_ index: Int) throws {
        let text = Self.documents[index]
        let want = try #require(Reference.read(text), "the reference refuses document \(index)")
        #expect(try XMPPacket.properties(Array(text.utf8), in: Self.every) == want)
    }

    /// Cut anywhere before its root ends, a document is refused, as the reference refuses it;
    /// cut after, it is read whole (what follows the root is not read: a sidecar cut in its
    /// closing `<?xpacket end?>` keeps its properties, where libxml2 refuses it or not by what
    /// the cut leaves).
    @Test(arguments: [(0, "</x:xmpmeta>"), (4, "</root>")])
    func aDocumentCutShortIsRefusedUntilItsRootEnds(_ index: Int, _ close: String) throws {
        let text = Self.documents[index], bytes = Array(text.utf8)
        let rootEnd = try #require(text.utf8.ranges(of: close.utf8).last).upperBound
        let whole = try XMPPacket.properties(bytes, in: Self.every)
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            guard let part = String(validating: prefix, as: UTF8.self) else { continue }
            let got = try? XMPPacket.properties(prefix, in: Self.every)
            if cut < text.utf8.distance(from: text.utf8.startIndex, to: rootEnd) {
                #expect(got == nil && Reference.read(part) == nil, "cut at \(cut)")
            } else {
                #expect(got == whole, "cut at \(cut)")
            }
        }
    }

    @Test(arguments: [
        "<a><b></a>", "<a></b>", "<a>&bogus;</a>", "<a x='<'/>", "<a x=1/>",
        "<a>\u{01}</a>", "", "   ", "<a", "<a b='c'", "<a><![CDATA[x</a>", "<a><!-- x </a>", "text<a/>",
    ])
    func brokenDocumentsAreRefusedByBoth(_ text: String) {
        #expect(Reference.read(text) == nil, "the reference reads \(text.debugDescription)")
        #expect(throws: XMPPacket.Fault.self) { try XMPPacket.properties(Array(text.utf8), in: Self.every) }
    }

    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/media").path
    static let sharedSidecars = ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []).filter { $0.lowercased().hasSuffix(".xmp") }.sorted()

    /// Every sidecar of `../shared/media`, written by real tools, reads as the reference reads it.
    @Test(.enabled(if: !sharedSidecars.isEmpty, "../shared/media is not here"))
    func theSharedSidecarsReadAsTheReferenceReadsThem() throws {
        for name in Self.sharedSidecars {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.media + "/" + name))
            let want = try #require(Reference.read(String(decoding: data, as: UTF8.self)), "\(name)")
            #expect(try XMPPacket.properties(Array(data), in: Self.every) == want, "\(name)")
        }
    }

    /// darktable's history, tags of the same layout one after another (read from the layout of
    /// the tag before, ``AttributeGaps``), with one item changed: a property asked for in the
    /// place of another attribute, another prefix bound to it, other white space, a longer or a
    /// shorter name, one attribute more or fewer. The properties are the reference's.
    @Test(arguments: [
        ("", ""), ("darktable:enabled", "exif:GPSLatitude"), ("darktable:enabled", "e:GPSLatitude"),
        ("\n      darktable:params", "  darktable:params"), ("darktable:params", "darktable:paramz"), ("darktable:params", "darktable:param"),
        ("darktable:params", "darktable:paramsX"), ("darktable:enabled=\"1\"", "darktable:enabled = '1'"),
        ("darktable:num=\"2\"", "darktable:num=\"2\" exif:GPSAltitude=\"12/1\""), ("darktable:num=\"2\"\n      ", ""),
        ("00ff2", "00ffé2"), ("00ff2", "00&amp;ff2"), ("00ff2", "00\tff2"),
    ])
    func repeatedLayoutsReadAsTheReferenceReadsThem(_ change: (String, String)) throws {
        var items = (0..<5).map { n in
            "<rdf:li\n      darktable:num=\"\(n)\"\n      darktable:enabled=\"1\"\n      darktable:params=\"00ff\(n)\"/>\n"
        }
        if !change.0.isEmpty { items[2] = items[2].replacingOccurrences(of: change.0, with: change.1) }
        let text = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \(Self.rdf)><rdf:Description xmlns:darktable="http://darktable.sf.net/"
             xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:e="http://ns.adobe.com/exif/1.0/"><darktable:history><rdf:Seq>
            \(items.joined())</rdf:Seq></darktable:history></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let want = try #require(Reference.read(text))
        #expect(try XMPPacket.properties(Array(text.utf8), in: Self.every) == want)
        // Asking for names that are none of darktable's: its attributes are passed in runs.
        let names = ["GPSLatitude", "GPSAltitude"]
        let asked = want.filter { key, _ in names.contains { key.hasSuffix($0) } }
        #expect(try XMPPacket.properties(Array(text.utf8), in: Self.every, named: names) == asked)
        #expect(change.1.contains("GPS") == !asked.isEmpty)
    }

    /// A fault in an item laid out as the one before, where the reading of that layout would
    /// have gone on: refused at the byte where XML stops, as in the first item.
    @Test(arguments: [("darktable:enabled=", "darktable:enabled "), ("darktable:enabled=\"", "darktable:enabled=<"), ("\n      darktable:params", "\n      /darktable:params"),
                      ("00ff", "00\u{01}ff"), ("darktable:num=\"1", "darktable:num=\"\u{1F}")])
    func aFaultInARepeatedLayoutIsWhereItIs(_ change: (String, String)) throws {
        let item = "<rdf:li\n      darktable:num=\"1\"\n      darktable:enabled=\"1\"\n      darktable:params=\"00ff\"/>\n"
        let text = "<rdf:Seq xmlns:rdf='r' xmlns:darktable='d'>" + item + item + item.replacingOccurrences(of: change.0, with: change.1) + "</rdf:Seq>"
        let broken = "<rdf:Seq xmlns:rdf='r' xmlns:darktable='d'>" + item.replacingOccurrences(of: change.0, with: change.1) + "</rdf:Seq>"
        #expect(Reference.read(text) == nil)
        // Where the first item breaks, shifted by the two items before it.
        for names in [nil, XMPPacket.LocalNames(["GPSLatitude"])] {
            var first: XMPPacket.Fault?, third: XMPPacket.Fault?
            do { _ = try XMPPacket.properties(Array(broken.utf8), in: Self.every, named: names) } catch { first = error }
            do { _ = try XMPPacket.properties(Array(text.utf8), in: Self.every, named: names) } catch { third = error }
            let offset = try #require(first).offset
            #expect(offset > 40 && third == XMPPacket.Fault(offset: offset + 2 * item.utf8.count))
        }
    }

    /// A byte that is no character of XML in a run of repeated attributes, whose characters
    /// the check passes over, or after the root: refused at that byte, as by a check of every
    /// byte (the first such byte, wherever the reading stopped).
    @Test(arguments: [(3, 0x01), (3, 0x80), (3, 0xC3), (4, 0xFF), (0, 0x00)])
    func aBadCharacterIsFoundWhereverItIs(_ item: Int, _ byte: UInt8) throws {
        let one = Array("<rdf:li\n      darktable:num=\"1\"\n      darktable:params=\"00ff\"/>\n".utf8)
        let head = Array("<rdf:Seq xmlns:rdf='r' xmlns:darktable='d'>".utf8), tail = Array("</rdf:Seq>".utf8)
        let valuePlace = one.indices.first { one[$0...].starts(with: Array("00ff".utf8)) }! + 2   // in the params value
        var items = Array(repeating: one, count: 5)
        items[item][valuePlace] = byte
        let document = head + items.joined() + tail + [byte]   // and a second one after the root
        let first = head.count + item * one.count + valuePlace
        let after = head + Array(repeating: one, count: 5).joined() + tail + [byte]
        // Every name asked for (each attribute a property, read one by one), and one that is
        // none of them (the repeated attributes passed in a run, their characters not checked).
        for names in [nil, XMPPacket.LocalNames(["GPSLatitude"])] {
            #expect(throws: XMPPacket.Fault(offset: first)) { try XMPPacket.properties(document, in: Self.every, named: names) }
            // The same byte only after the root's end: refused there.
            #expect(throws: XMPPacket.Fault(offset: after.count - 1)) { try XMPPacket.properties(after, in: Self.every, named: names) }
        }
    }

    /// A document that breaks XML's structure and holds a byte that is no character is refused
    /// at that byte, before or after where the structure breaks.
    @Test func aBadCharacterIsReportedBeforeABrokenStructure() {
        #expect(throws: XMPPacket.Fault(offset: 10)) { try XMPPacket.properties(Array("<a><b></a>\u{01}".utf8), in: Self.every) }
        #expect(throws: XMPPacket.Fault(offset: 3)) { try XMPPacket.properties(Array("<a>\u{01}<b></a>".utf8), in: Self.every) }
        #expect(throws: XMPPacket.Fault(offset: 9)) { try XMPPacket.properties(Array("<a><b></a>".utf8), in: Self.every) }   // at the `>` of `</a>`
    }

    /// ``XMPPacket/same(_:_:count:)`` is `==` of the bytes, for every length and every place
    /// of a difference.
    @Test func sameIsEqualityOfTheBytes() {
        let a = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        for count in 0...a.count {
            for place in -1..<count {
                var b = a
                if place >= 0 { b[place] ^= 0x20 }
                let same = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in XMPPacket.same(x.baseAddress!, y.baseAddress!, count: count) } }
                #expect(same == (a[..<count] == b[..<count]), "\(count) \(place)")
            }
        }
    }

    /// After the root's end nothing is read, as libxml2 leaves it; a DTD is refused before.
    @Test func whatFollowsTheRootIsNotReadAndADTDIsRefused() throws {
        for text in ["<a b:c='1' xmlns:b='urn:b'/><d/>", "<a b:c='1' xmlns:b='urn:b'/>text", "<a b:c='1' xmlns:b='urn:b'/><?xpacket end"] {
            #expect(try XMPPacket.properties(Array(text.utf8), in: ["urn:b"]) == ["urn:bc": "1"], "\(text)")
        }
        #expect(throws: XMPPacket.Fault(offset: 0, isDTD: true)) { try XMPPacket.properties(Array("<!DOCTYPE a><a/>".utf8), in: Self.every) }
        let bomb = "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'aaaa'><!ENTITY b '&a;&a;&a;'>]><x>&b;</x>"
        #expect(throws: XMPPacket.Fault(offset: 21, isDTD: true)) { try XMPPacket.properties(Array(bomb.utf8), in: Self.every) }
    }
}
