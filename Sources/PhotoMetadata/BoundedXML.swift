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
        try capped(data, path: path, what: what, maximumBytes: maximumBytes)
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil { throw dtd(path: path, what: what) }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse(), delegate.isComplete else {
            throw MetadataError(path: path, reason: .corrupt("\(what) is not well-formed XML (line \(parser.lineNumber))"))
        }
    }

    /// A file over `maximumBytes` is refused unread.
    static func capped(_ data: Data, path: String, what: String, maximumBytes: Int) throws(MetadataError) {
        guard data.count <= maximumBytes else {
            throw MetadataError(path: path, reason: .corrupt("\(what) of \(data.count) bytes, over the \(maximumBytes) read"))
        }
    }

    /// The refusal of a file with a DTD.
    static func dtd(path: String, what: String) -> MetadataError {
        MetadataError(path: path, reason: .corrupt("\(what) with a DTD, which it never has: refused"))
    }
}
