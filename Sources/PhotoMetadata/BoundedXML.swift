import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A delegate of ``BoundedXML/parse(_:path:what:maximumBytes:into:)`` that knows whether every
/// element it saw was closed.
protocol CompletableXMLDelegate: XMLParserDelegate {
    var isComplete: Bool { get }
}

/// XML from files nobody vouches for (sidecars, tracks): parsed with namespaces by Foundation's
/// `XMLParser`, only under a size cap, never with a DTD (entities are how XML bombs work, and
/// neither XMP nor GPX has one), and only when the document is complete (a file cut short can
/// parse "successfully"). Stateless; thread-safe.
enum BoundedXML {
    static func parse(_ data: Data, path: String, what: String, maximumBytes: Int, into delegate: some CompletableXMLDelegate) throws(MetadataError) {
        try admit(data, path: path, what: what, maximumBytes: maximumBytes)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse(), delegate.isComplete else {
            throw MetadataError(path: path, reason: .corrupt("\(what) is not well-formed XML (line \(parser.lineNumber))"))
        }
    }

    /// Whether `<!DOCTYPE` or `<!ENTITY` occurs anywhere: a scan for `<!`, where Foundation's
    /// `range(of:)` took a fifth of an XMP sidecar's parse.
    static func hasDTD(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            guard b.count >= 8 else { return false }
            for i in 0..<(b.count - 7) where b[i] == UInt8(ascii: "<") && b[i + 1] == UInt8(ascii: "!") {
                if (b[i + 2] == UInt8(ascii: "D") && b.count - i >= 9 && Array(b[(i + 2)..<(i + 9)]) == Array("DOCTYPE".utf8))
                    || (b[i + 2] == UInt8(ascii: "E") && Array(b[(i + 2)..<(i + 8)]) == Array("ENTITY".utf8)) { return true }
            }
            return false
        }
    }

    /// The checks before any parsing: the size cap, and no DTD.
    static func admit(_ data: Data, path: String, what: String, maximumBytes: Int) throws(MetadataError) {
        guard data.count <= maximumBytes else {
            throw MetadataError(path: path, reason: .corrupt("\(what) of \(data.count) bytes, over the \(maximumBytes) read"))
        }
        if hasDTD(data) {
            throw MetadataError(path: path, reason: .corrupt("\(what) with a DTD, which it never has: refused"))
        }
    }
}
