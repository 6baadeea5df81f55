import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PhotoMetadata

@Suite struct BoundedXMLTests {
    /// Counts open elements, as the readers' delegates do.
    final class Depth: NSObject, CompletableXMLDelegate {
        var depth = 0, elements = 0
        var isComplete: Bool { elements > 0 && depth == 0 }
        func parser(_ p: XMLParser, didStartElement n: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1; elements += 1
        }
        func parser(_ p: XMLParser, didEndElement n: String, namespaceURI: String?, qualifiedName: String?) { depth -= 1 }
    }

    private func reason(_ text: String, limit: Int = 1_000) -> String? {
        do {
            try BoundedXML.parse(Data(text.utf8), path: "/f", what: "thing", maximumBytes: limit, into: Depth())
            return nil
        } catch {
            return error.message
        }
    }

    @Test func completeDocumentsParseAndEverythingElseSaysWhy() {
        #expect(reason("<a><b/></a>") == nil)
        #expect(reason("<a><b/>") == "corrupt: thing is not well-formed XML (line 1)")
        #expect(reason("") != nil)
        #expect(reason("<!DOCTYPE a><a/>") == "corrupt: thing with a DTD, which it never has: refused")
        #expect(reason("<a>" + String(repeating: "x", count: 2_000) + "</a>") == "corrupt: thing of 2007 bytes, over the 1000 read")
    }
}
