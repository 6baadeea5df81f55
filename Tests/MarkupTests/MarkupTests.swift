import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Markup
import Testing

@Suite struct MarkupTests {
    @Test func specialCharactersAreEscapedAndOthersKept() {
        #expect(Markup.escape("Bosnia & Herzegovina") == "Bosnia &amp; Herzegovina")
        #expect(Markup.escape("<script>\"x\"'y'</script>") == "&lt;script&gt;&quot;x&quot;&apos;y&apos;&lt;/script&gt;")
        #expect(Markup.escape("Côte d’Ivoire · 東京\ttab\nline") == "Côte d’Ivoire · 東京\ttab\nline")
    }

    /// What an XML parser reads back from an element and an attribute.
    final class Reader: NSObject, XMLParserDelegate {
        var text = "", attribute = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) { attribute = attributes["t"] ?? "" }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    /// Every string, however hostile, escapes into an element that an XML parser reads back,
    /// with the characters XML forbids as U+FFFD.
    @Test(arguments: ["\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}", "a\u{FFFE}b\u{FFFF}", "]]>", "&amp;", "\u{1F30D} world"])
    func anyTextMakesWellFormedXML(text: String) throws {
        let xml = "<a t=\"\(Markup.escape(text))\">\(Markup.escape(text))</a>"
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(text.debugDescription)")
        var expected = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            let bad = (s.value < 0x20 && !["\t", "\n", "\r"].contains(s)) || s.value == 0xFFFE || s.value == 0xFFFF
            expected.append(bad ? "\u{FFFD}" : s)
        }
        #expect(reader.text == String(expected) && reader.attribute == String(expected))
    }
}
