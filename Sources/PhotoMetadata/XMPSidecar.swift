import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an XMP sidecar with a real XML parser (Foundation's `XMLParser`, namespaces resolved):
/// `exif:GPSLatitude` / `exif:GPSLongitude` in XMP's `DD,MM.mmmmR` or `DD,MM,SSR` form,
/// `exif:GPSAltitude` (a rational or a decimal) with `exif:GPSAltitudeRef`, and the capture time
/// from `exif:DateTimeOriginal`, else `photoshop:DateCreated`, else `xmp:CreateDate`. Properties
/// may be elements or attributes of `rdf:Description`, under any prefix bound to the namespace.
///
/// ```swift
/// let side = try XMPSidecar.read(Data(contentsOf: URL(fileURLWithPath: "DSC_0100.xmp")), path: "DSC_0100.xmp")
/// side.position   // 37.9838, 23.7275
/// ```
///
/// A file over ``SidecarMetadata/maximumBytes``, one with a DTD or one that is not complete,
/// well-formed XML is an error (``BoundedXML``). Stateless; thread-safe.
public enum XMPSidecar {
    static let exif = "http://ns.adobe.com/exif/1.0/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"

    public static func read(_ data: Data, path: String) throws(MetadataError) -> SidecarMetadata {
        let collector = Collector()
        try BoundedXML.parse(data, path: path, what: "XMP sidecar", maximumBytes: SidecarMetadata.maximumBytes, into: collector)
        var out = SidecarMetadata(source: .xmpSidecar)
        let p = collector.properties
        if let lat = p[exif + "GPSLatitude"].flatMap(coordinate), let lon = p[exif + "GPSLongitude"].flatMap(coordinate),
           abs(lat) <= 90, abs(lon) <= 180, !(lat == 0 && lon == 0) {
            out.position = .init(latitude: lat, longitude: lon)
        }
        if let altitude = p[exif + "GPSAltitude"].flatMap(number), altitude.isFinite {
            out.altitude = p[exif + "GPSAltitudeRef"]?.trimmingCharacters(in: .whitespaces) == "1" ? -altitude : altitude
        }
        out.captureTime = [exif + "DateTimeOriginal", photoshop + "DateCreated", xmp + "CreateDate"].lazy.compactMap { p[$0].flatMap(CaptureTime.init(iso8601:)) }.first
        return out
    }

    /// `37,59.028N` or `37,59,1.68N` (degrees, minutes[, seconds], hemisphere) into signed degrees;
    /// a plain signed decimal is accepted too.
    static func coordinate(_ text: String) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces)
        guard let last = body.last else { return nil }
        var sign = 1.0
        if "NSEW".contains(last.uppercased()) {
            if "SW".contains(last.uppercased()) { sign = -1 }
            body.removeLast()
            let parts = body.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 && $0!.isFinite }) else { return nil }
            let (d, m, s) = (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
            guard m < 60, s < 60 else { return nil }
            return sign * (d + m / 60 + s / 3_600)
        }
        return Double(body).flatMap { $0.isFinite ? $0 : nil }
    }

    /// `520/1` or `520.5`.
    static func number(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/")
        if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d != 0 { return n / d }
        return parts.count == 1 ? Double(parts[0]) : nil
    }

    /// Every property's text by namespace + local name, elements and attributes alike; the
    /// first occurrence wins.
    private final class Collector: NSObject, CompletableXMLDelegate {
        var properties: [String: String] = [:]
        private var open: [String] = []
        private var text = ""
        private var sawRoot = false
        /// The namespace of each prefix declared so far (XMP declares each once, on the
        /// element that uses it).
        private var namespaces: [String: String] = [:]

        var isComplete: Bool { sawRoot && open.isEmpty }

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
            namespaces[prefix] = namespaceURI
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            open.append((namespaceURI ?? "") + name)
            sawRoot = true
            text = ""
            for (key, value) in attributes {
                // Attribute names arrive qualified ("exif:GPSLatitude"): the prefix's declaration
                // gives the namespace.
                let parts = key.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let ns = namespaces[String(parts[0])] else { continue }
                if properties[ns + parts[1]] == nil { properties[ns + parts[1]] = value }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < 4_096 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let key = open.popLast() ?? ""
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty, properties[key] == nil { properties[key] = value }
            text = ""
        }
    }
}
