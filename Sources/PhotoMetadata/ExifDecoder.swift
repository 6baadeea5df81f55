import CExif
import Foundation

/// Turns an Exif block (`Exif\0\0` + TIFF) into ``ImageMetadata`` fields through libexif.
///
/// ```swift
/// var m = ImageMetadata(format: .jpeg)
/// ExifDecoder.decode(block, into: &m)
/// ```
///
/// Stateless; each call owns its own `ExifData`, so calls may run on any thread at once.
enum ExifDecoder {
    /// `hasGPSDirectory` comes from the TIFF walk: libexif allocates an empty GPS IFD either way.
    static func decode(_ block: [UInt8], hasGPSDirectory: Bool, into m: inout ImageMetadata) {
        ExifArena.withMemory { mem in
            guard let data = exif_data_new_mem(mem) else { return }
            defer { exif_data_unref(data) }
            // Defaults would "fix" the data (add mandatory tags) and drop tags libexif does not know.
            exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
            exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
            block.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
            read(Directories(data: data), hasGPSDirectory: hasGPSDirectory, into: &m)
        }
    }

    private static func read(_ ifds: Directories, hasGPSDirectory: Bool, into m: inout ImageMetadata) {

        m.make = ifds.ifd0.string(0x010F)
        m.model = ifds.ifd0.string(0x0110)
        m.pixelWidth = ifds.exif.integer(0xA002).flatMap { $0 > 0 ? $0 : nil } ?? m.pixelWidth
        m.pixelHeight = ifds.exif.integer(0xA003).flatMap { $0 > 0 ? $0 : nil } ?? m.pixelHeight
        readCaptureTime(ifds, into: &m)
        if hasGPSDirectory { readGPS(ifds.gps, into: &m) } else { m.gpsIssue = .noGPSDirectory }
    }

    private static func readCaptureTime(_ d: Directories, into m: inout ImageMetadata) {
        let candidates: [(UInt16, UInt16, ImageMetadata.TimeSource, Entries)] = [
            (0x9003, 0x9011, .original, d.exif), (0x9004, 0x9012, .digitized, d.exif), (0x0132, 0x9010, .modified, d.ifd0),
        ]
        for (tag, offsetTag, source, ifd) in candidates {
            guard let text = ifd.string(tag) else { continue }
            let offset = d.exif.string(offsetTag)
            if let time = CaptureTime(exif: text, offset: offset) {
                m.captureTime = time
                m.captureTimeSource = source
                return
            }
        }
    }

    private static func readGPS(_ gps: Entries, into m: inout ImageMetadata) {
        m.altitude = altitude(gps)
        m.speedKmh = speed(gps)
        m.gpsTimestamp = gpsInstant(gps)

        let latRef = gps.letter(0x0001)
        let lonRef = gps.letter(0x0003)
        let lat: Double, lon: Double
        switch (gps.degrees(0x0002, name: "GPSLatitude"), gps.degrees(0x0004, name: "GPSLongitude")) {
        case (.failure(let issue), _), (_, .failure(let issue)):
            m.gpsIssue = issue
            return
        case (.success(let a), .success(let b)):
            (lat, lon) = (a, b)
        }
        let signedLat = latRef == "S" ? -lat : lat
        let signedLon = lonRef == "W" ? -lon : lon
        let missingRef = !(latRef == "N" || latRef == "S") || !(lonRef == "E" || lonRef == "W")

        if !(-90...90).contains(signedLat) || !(-180...180).contains(signedLon) {
            m.gpsIssue = .outOfRange(latitude: signedLat, longitude: signedLon)
        } else if gps.letter(0x0009) == "V" {
            m.gpsIssue = .void
        } else if signedLat == 0 && signedLon == 0 {
            m.gpsIssue = .nullIsland
        } else {
            m.position = .init(latitude: signedLat, longitude: signedLon, missingReference: missingRef)
        }
    }

    private static func altitude(_ gps: Entries) -> Double? {
        guard let r = gps.rational(0x0006), r.den != 0 else { return nil }
        // Some phones write a negative altitude as a two's-complement int32 in the unsigned field.
        let numerator = r.num > UInt32(Int32.max) ? Double(Int32(bitPattern: r.num)) : Double(r.num)
        let metres = numerator / Double(r.den)
        return gps.integer(0x0005) == 1 ? -abs(metres) : metres
    }

    private static func speed(_ gps: Entries) -> Double? {
        guard let r = gps.rational(0x000D), r.den != 0 else { return nil }
        let value = Double(r.num) / Double(r.den)
        switch gps.letter(0x000C) {
        case "M": return value * 1.609344
        case "N": return value * 1.852
        default: return value
        }
    }

    private static func gpsInstant(_ gps: Entries) -> Date? {
        guard let hms = gps.rationals(0x0007), hms.count == 3, hms.allSatisfy({ $0.den != 0 }) else { return nil }
        let (h, m, s) = (hms[0].value, hms[1].value, hms[2].value)
        guard h < 24, m < 60, s < 61, let date = gps.string(0x001D), let day = CaptureTime.midnight(exifDate: date) else { return nil }
        return day.addingTimeInterval(h * 3600 + m * 60 + s)
    }
}

/// The four IFDs of a loaded `ExifData`, as ``Entries`` lookups.
private struct Directories {
    let ifd0: Entries, exif: Entries, gps: Entries

    init(data: UnsafeMutablePointer<ExifData>) {
        let order = exif_data_get_byte_order(data)
        let ifd = data.pointee.ifd
        ifd0 = Entries(content: ifd.0, order: order)
        exif = Entries(content: ifd.2, order: order)
        gps = Entries(content: ifd.3, order: order)
    }
}

struct Rational {
    let num: UInt32
    let den: UInt32

    var value: Double { Double(num) / Double(den) }
}

/// Typed reads of the entries of one libexif IFD.
private struct Entries {
    let content: UnsafeMutablePointer<ExifContent>?
    let order: ExifByteOrder

    func entry(_ tag: UInt16) -> UnsafeMutablePointer<ExifEntry>? {
        guard let content else { return nil }
        return exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag)))
    }

    func string(_ tag: UInt16) -> String? {
        guard let e = entry(tag), let raw = e.pointee.data, e.pointee.size > 0 else { return nil }
        guard e.pointee.format == EXIF_FORMAT_ASCII || e.pointee.format == EXIF_FORMAT_UNDEFINED || e.pointee.format == EXIF_FORMAT_BYTE else { return nil }
        var bytes = UnsafeBufferPointer(start: raw, count: Int(e.pointee.size)).prefix { $0 != 0 }
        while bytes.first == 0x20 { bytes = bytes.dropFirst() }
        while bytes.last == 0x20 { bytes = bytes.dropLast() }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    func integer(_ tag: UInt16) -> Int? {
        guard let e = entry(tag), let raw = e.pointee.data, e.pointee.components > 0 else { return nil }
        switch e.pointee.format {
        case EXIF_FORMAT_BYTE, EXIF_FORMAT_UNDEFINED: return Int(raw[0])
        case EXIF_FORMAT_SHORT: return Int(exif_get_short(raw, order))
        case EXIF_FORMAT_LONG: return Int(exif_get_long(raw, order))
        default: return nil
        }
    }

    /// The first letter of an ASCII value, upper-cased: how refs ("N", "s", "K ") are read,
    /// without building a string for one byte.
    func letter(_ tag: UInt16) -> Character? {
        guard let e = entry(tag), let raw = e.pointee.data, e.pointee.size > 0 else { return nil }
        guard e.pointee.format == EXIF_FORMAT_ASCII || e.pointee.format == EXIF_FORMAT_UNDEFINED || e.pointee.format == EXIF_FORMAT_BYTE else { return nil }
        guard let byte = UnsafeBufferPointer(start: raw, count: Int(e.pointee.size)).first(where: { $0 != 0x20 }), byte != 0 else { return nil }
        let upper = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
        return upper < 0x80 ? Character(Unicode.Scalar(upper)) : nil
    }

    /// The rationals of an entry, read in place when asked for (no array).
    struct Rationals: RandomAccessCollection {
        let entries: Entries
        let entry: UnsafeMutablePointer<ExifEntry>
        let count: Int
        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(i: Int) -> Rational { entries.rational(entry, i) }
    }

    func rationals(_ tag: UInt16) -> Rationals? {
        guard let e = entry(tag), let n = rationalCount(e) else { return nil }
        return Rationals(entries: self, entry: e, count: n)
    }

    /// The first rational of an entry, without an array.
    func rational(_ tag: UInt16) -> Rational? {
        guard let e = entry(tag), rationalCount(e) != nil else { return nil }
        return rational(e, 0)
    }

    private func rationalCount(_ e: UnsafeMutablePointer<ExifEntry>) -> Int? {
        let n = Int(e.pointee.components)
        guard e.pointee.data != nil, n > 0, Int(e.pointee.size) >= n * 8,
              e.pointee.format == EXIF_FORMAT_RATIONAL || e.pointee.format == EXIF_FORMAT_SRATIONAL else { return nil }
        return n
    }

    fileprivate func rational(_ e: UnsafeMutablePointer<ExifEntry>, _ i: Int) -> Rational {
        let raw = e.pointee.data! + 8 * i
        if e.pointee.format == EXIF_FORMAT_RATIONAL {
            let r = exif_get_rational(raw, order)
            return Rational(num: r.numerator, den: r.denominator)
        }
        // A negative coordinate component is a writer bug; its magnitude still carries the value.
        let r = exif_get_srational(raw, order)
        return Rational(num: r.numerator.magnitude, den: r.denominator.magnitude)
    }

    /// Degrees from 1–3 rationals (d, m, s) or, as some writers do, from an ASCII string.
    func degrees(_ tag: UInt16, name: String) -> Result<Double, GPSIssue> {
        if let parts = rationals(tag) {
            if parts.contains(where: { $0.den == 0 }) { return .failure(.zeroDenominator(name)) }
            return .success(sexagesimal(parts.prefix(3).lazy.map(\.value)))
        }
        if let text = string(tag) {
            guard let values = ExifDecoder.parseDegreeText(text) else { return .failure(.notANumber(name)) }
            return .success(sexagesimal(values))
        }
        return .failure(.missingCoordinate(name))
    }

    private func sexagesimal(_ v: some Sequence<Double>) -> Double {
        var total = 0.0, unit = 1.0
        for value in v {
            total += value / unit
            unit *= 60
        }
        return total
    }
}

extension ExifDecoder {
    /// Degree, minute, second values from a coordinate stored as ASCII: "52.1234",
    /// "52 50 34.0118", "52,50,34.0118", or decimal-comma pairs "52,00000,50,00000,34,01180".
    static func parseDegreeText(_ text: String) -> [Double]? {
        let t = text.trimmingCharacters(in: .whitespaces)
        var fields: [String]
        let commas = t.filter { $0 == "," }.count
        if !t.contains("."), commas == 5 {
            let p = t.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields = stride(from: 0, to: 6, by: 2).map { p[$0] + "." + p[$0 + 1] }
        } else {
            fields = t.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        }
        fields = fields.filter { !$0.isEmpty }
        let values = fields.compactMap(Double.init)
        guard (1...3).contains(values.count), values.count == fields.count, values.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        return values
    }
}
