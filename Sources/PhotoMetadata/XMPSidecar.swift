import Foundation

/// Reads an XMP sidecar with a real XML parser (``XMPPacket``, namespaces resolved):
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
/// well-formed XML is an error. Stateless; thread-safe.
public enum XMPSidecar {
    static let exif = "http://ns.adobe.com/exif/1.0/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"
    static let namespaces = [exif, photoshop, xmp]
    /// The properties read (in any of the three namespaces), made once.
    static let names = XMPPacket.LocalNames(["GPSLatitude", "GPSLongitude", "GPSAltitude", "GPSAltitudeRef", "DateTimeOriginal", "DateCreated", "CreateDate"])
    /// Their places in ``XMPPacket/values(_:in:named:)``: a name's index times the three
    /// namespaces, plus its namespace's.
    static let (latitude, longitude, altitude, altitudeRef) = (0 * 3 + 0, 1 * 3 + 0, 2 * 3 + 0, 3 * 3 + 0)
    /// Where the capture time is read, the first found winning: `exif:DateTimeOriginal`,
    /// `photoshop:DateCreated`, `xmp:CreateDate`.
    static let times = [4 * 3 + 0, 5 * 3 + 1, 6 * 3 + 2]

    public static func read(_ data: Data, path: String) throws(MetadataError) -> SidecarMetadata {
        try BoundedXML.capped(data, path: path, what: "XMP sidecar", maximumBytes: SidecarMetadata.maximumBytes)
        let p: [String?]
        do {
            p = try XMPPacket.values(data, in: namespaces, named: names)
        } catch {
            if error.isDTD { throw BoundedXML.dtd(path: path, what: "XMP sidecar") }
            throw MetadataError(path: path, reason: .corrupt("XMP sidecar is not well-formed XML (byte \(error.offset))"))
        }
        var out = SidecarMetadata(source: .xmpSidecar)
        if let lat = p[latitude].flatMap(coordinate), let lon = p[longitude].flatMap(coordinate),
           abs(lat) <= 90, abs(lon) <= 180, !(lat == 0 && lon == 0) {
            out.position = .init(latitude: lat, longitude: lon)
        }
        if let metres = p[altitude].flatMap(number), metres.isFinite {
            out.altitude = p[altitudeRef].map(isOne) == true ? -metres : metres
        }
        out.captureTime = times.lazy.compactMap { p[$0].flatMap(CaptureTime.init(iso8601:)) }.first
        return out
    }

    /// `37,59.028N` or `37,59,1.68N` (degrees, minutes[, seconds], hemisphere) into signed degrees;
    /// a plain signed decimal is accepted too.
    static func coordinate(_ text: String) -> Double? {
        var text = text
        if let value = text.withUTF8({ isASCII($0) ? Optional(asciiCoordinate($0)) : nil }) { return value }
        var body = trimmed(text)
        guard let last = body.utf8.last else { return nil }
        var sign = 1.0
        // The hemisphere, in either case (compared as bytes: a string made for `uppercased()`
        // and searched was a tenth of a sidecar's read).
        if let hemisphere = Optional(last | 0x20), [UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "w")].contains(hemisphere) {
            if hemisphere == UInt8(ascii: "s") || hemisphere == UInt8(ascii: "w") { sign = -1 }
            body.removeLast()
            let parts = body.split(separator: ",", omittingEmptySubsequences: false).map { Double(trimmed($0)) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 && $0!.isFinite }) else { return nil }
            let (d, m, s) = (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
            guard m < 60, s < 60 else { return nil }
            return sign * (d + m / 60 + s / 3_600)
        }
        return Double(body).flatMap { $0.isFinite ? $0 : nil }
    }

    /// `text` without the horizontal white space around it: spaces and tabs cut here, others
    /// (rare: a no-break space) by Foundation, whose trimming of every part was a seventh of a
    /// sidecar's read.
    static func trimmed(_ text: some StringProtocol) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        let cut = String(text[first...last])
        return text[first].isASCII && text[last].isASCII ? cut : cut.trimmingCharacters(in: .whitespaces)
    }

    /// Whether `text` is `1` once trimmed (``trimmed(_:)``), an altitude below sea level: as
    /// bytes when ASCII (a string trimmed by grapheme and compared cost 2,000 instructions).
    static func isOne(_ text: String) -> Bool {
        var text = text
        if let one = text.withUTF8({ b -> Bool? in
            guard isASCII(b) else { return nil }
            let body = blankTrimmed(b, 0..<b.count)
            return body.count == 1 && b[body.lowerBound] == UInt8(ascii: "1")
        }) { return one }
        return trimmed(text) == "1"
    }

    /// `520/1` or `520.5`.
    static func number(_ text: String) -> Double? {
        var text = text
        if let value = text.withUTF8({ isASCII($0) ? Optional(asciiNumber($0)) : nil }) { return value }
        let parts = trimmed(text).split(separator: "/")
        if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d != 0 { return n / d }
        return parts.count == 1 ? Double(parts[0]) : nil
    }

    // ASCII, what every writer writes, is cut as bytes: the same cuts as the characters' above
    // without their grapheme breaking, splits and strings, which were a sixth of a sidecar's read.

    static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool { b.allSatisfy { $0 < 0x80 } }

    /// ``coordinate(_:)`` of ASCII bytes.
    static func asciiCoordinate(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var body = blankTrimmed(b, 0..<b.count)
        guard !body.isEmpty else { return nil }
        let hemisphere = b[body.upperBound - 1] | 0x20
        guard [UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "w")].contains(hemisphere) else {
            return double(b, body).flatMap { $0.isFinite ? $0 : nil }
        }
        let sign = hemisphere == UInt8(ascii: "s") || hemisphere == UInt8(ascii: "w") ? -1.0 : 1.0
        body = body.lowerBound..<(body.upperBound - 1)
        var parts = InlineArray<3, Double>(repeating: 0), count = 0, start = body.lowerBound
        for i in body.lowerBound...body.upperBound where i == body.upperBound || b[i] == UInt8(ascii: ",") {
            guard count < 3, let part = double(b, blankTrimmed(b, start..<i)), part >= 0, part.isFinite else { return nil }
            parts[count] = part
            (count, start) = (count + 1, i + 1)
        }
        guard count >= 2 else { return nil }
        let (d, m, s) = (parts[0], parts[1], count == 3 ? parts[2] : 0)
        guard m < 60, s < 60 else { return nil }
        return sign * (d + m / 60 + s / 3_600)
    }

    /// ``number(_:)`` of ASCII bytes: empty parts between slashes are dropped, as `split` does.
    static func asciiNumber(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        let body = blankTrimmed(b, 0..<b.count)
        var parts = InlineArray<2, Range<Int>>(repeating: 0..<0), count = 0, start = body.lowerBound
        for i in body.lowerBound...body.upperBound where i == body.upperBound || b[i] == UInt8(ascii: "/") {
            if i > start {
                if count < 2 { parts[count] = start..<i }
                count += 1
            }
            start = i + 1
        }
        if count == 2, let n = double(b, parts[0]), let d = double(b, parts[1]), d != 0 { return n / d }
        return count == 1 ? double(b, parts[0]) : nil
    }

    /// `range` without the spaces and tabs around it.
    static func blankTrimmed(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, b[lower] == 0x20 || b[lower] == 0x09 { lower += 1 }
        while upper > lower, b[upper - 1] == 0x20 || b[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    /// The bytes as `Double(String)` reads them: a plain decimal here, anything else by
    /// `Double(String)`, whose string and `strtod` were a twentieth of a sidecar's read.
    static func double(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        plainDecimal(b, range) ?? Double(String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self))
    }

    /// A decimal of at most 15 digits with digits on both sides of any point (`37`,
    /// `59.028000`: what writers write), as `strtod` rounds it: its digits and the power of ten
    /// under its point are exact doubles, so their quotient is the correctly rounded value
    /// (Clinger's fast path). Nil for anything else.
    static func plainDecimal(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var digits = 0, mantissa = 0, point: Int? = nil
        for i in range {
            let c = b[i]
            if c &- UInt8(ascii: "0") < 10, digits < 15 {
                (mantissa, digits) = (mantissa &* 10 &+ Int(c &- UInt8(ascii: "0")), digits &+ 1)
            } else if c == UInt8(ascii: "."), point == nil, digits > 0 {
                point = digits
            } else {
                return nil
            }
        }
        guard digits > 0, point != digits else { return nil }
        var scale = 1.0
        for _ in 0..<(digits &- (point ?? digits)) { scale *= 10 }
        return Double(mantissa) / scale
    }
}
