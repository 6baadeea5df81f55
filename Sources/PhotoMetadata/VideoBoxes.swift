/// Position, capture time and camera of a QuickTime or MPEG-4 video (MOV, MP4, M4V, 3GP), from
/// the few boxes of its `moov` that hold them:
///
/// | what | where |
/// |---|---|
/// | position | `com.apple.quicktime.location.ISO6709` in `moov/meta` or `moov/udta/meta` (`keys` + `ilst`, iPhone), else `moov/udta/©xyz` (Android, ffmpeg's MOV), else 3GPP `moov/udta/loci` |
/// | capture time | `com.apple.quicktime.creationdate` (local time and offset), else `mvhd`'s creation time (UTC) |
/// | make, model | `com.apple.quicktime.make`, `com.apple.quicktime.model` |
///
/// ```swift
/// var m = ImageMetadata(format: .mov)
/// try VideoBoxes.read(file, into: &m)
/// ```
///
/// Only box headers are read on the way to `moov` (wherever it lies: before or after `mdat`,
/// before the fragments of a fragmented file), and inside it only `mvhd`'s first bytes, the
/// `keys` box and the values of the wanted keys, `©xyz` and `loci`: never `mdat`, never a
/// track. ``BoxReader`` bounds the walk; every value is read within its box and capped.
enum VideoBoxes {
    /// The four keys read from `keys`.
    private enum Key: String, CaseIterable {
        case location = "com.apple.quicktime.location.ISO6709"
        case creationDate = "com.apple.quicktime.creationdate"
        case make = "com.apple.quicktime.make"
        case model = "com.apple.quicktime.model"
    }

    /// An iPhone's `keys` box is a few hundred bytes; one of 1 MiB is no list of names.
    static let maxKeysBytes = 1 << 20
    /// A location, a date or a name; a longer value is not one of those.
    static let maxValueBytes = 4096

    /// What the boxes said, before precedence is applied.
    private struct Found {
        var keyed: [Key: String] = [:]
        var xyz: String?
        var loci: (latitude: Double, longitude: Double, altitude: Double)?
        /// Seconds since 1904-01-01 UTC; 0 is "unknown".
        var created: UInt64 = 0
        /// The bytes the values came from, for ``ImageMetadata/exifDigest``.
        var digest: [UInt8] = []
    }

    static func read(_ source: some ByteReader, into m: inout ImageMetadata) throws(MetadataError) {
        let boxes = BoxReader(source)
        var moov: Box?
        try boxes.children(of: boxes.file, depth: 0) { box throws(MetadataError) in
            if box.type == .moov { moov = box }
            return moov == nil
        }
        guard let moov else { throw BoxReader.corrupt("no moov box") }

        var found = Found()
        try boxes.children(of: moov.body, depth: 1) { box throws(MetadataError) in
            switch box.type {
            case .mvhd: try readMovieHeader(box, boxes, into: &found)
            case .meta: try readMeta(box, boxes, depth: 2, into: &found)
            case .udta:
                try boxes.children(of: box.body, depth: 2) { child throws(MetadataError) in
                    switch child.type {
                    case .userDataXYZ: if found.xyz == nil { found.xyz = try xyzText(boxes.head(of: child, limit: maxValueBytes), into: &found) }
                    case .loci: if found.loci == nil { found.loci = try loci(boxes.head(of: child, limit: maxValueBytes), into: &found) }
                    case .meta: try readMeta(child, boxes, depth: 3, into: &found)
                    default: break
                    }
                    return true
                }
            default: break
            }
            return true
        }
        apply(found, to: &m)
    }

    private static func apply(_ found: Found, to m: inout ImageMetadata) {
        m.make = found.keyed[.make]
        m.model = found.keyed[.model]
        if let text = found.keyed[.creationDate], let time = CaptureTime(iso8601: text) {
            (m.captureTime, m.captureTimeSource) = (time, .quickTimeCreationDate)
        } else if found.created != 0, let seconds = unixSeconds(mvhd: found.created), let time = CaptureTime(utcSecondsSince1970: seconds) {
            (m.captureTime, m.captureTimeSource) = (time, .movieHeader)
        }
        m.exifDigest = found.digest.isEmpty ? nil : ExifDigest.fnv1a(found.digest)

        // In order of precedence; the first that gives a valid position wins, and when none
        // does, the first one's reason is the video's.
        var candidates: [(ImageMetadata.PositionSource, String, (latitude: Double, longitude: Double, altitude: Double?)?)] = []
        if let text = found.keyed[.location] { candidates.append((.quickTimeKeys, Key.location.rawValue, ISO6709(text).map { ($0.latitude, $0.longitude, $0.altitude) })) }
        if let text = found.xyz { candidates.append((.userDataXYZ, "©xyz", ISO6709(text).map { ($0.latitude, $0.longitude, $0.altitude) })) }
        if let loci = found.loci { candidates.append((.loci, "loci", (loci.latitude, loci.longitude, loci.altitude))) }
        guard !candidates.isEmpty else {
            m.gpsIssue = .noVideoLocation
            return
        }
        var firstIssue: GPSIssue?
        for (source, name, point) in candidates {
            let issue: GPSIssue?
            if let point {
                issue = ImageMetadata.Position.issue(latitude: point.latitude, longitude: point.longitude)
                if issue == nil {
                    m.position = .init(latitude: point.latitude, longitude: point.longitude)
                    (m.positionSource, m.altitude, m.gpsIssue) = (source, point.altitude, nil)
                    return
                }
            } else {
                issue = .notANumber(name)
            }
            firstIssue = firstIssue ?? issue
        }
        m.gpsIssue = firstIssue
    }

    /// Seconds since 1904 to seconds since 1970. As ExifTool does, a value below 1970 in the
    /// 1904 epoch is taken as already counted from 1970: some cameras write it so, and no
    /// video was shot before 1970. Nil for a 64-bit value beyond `Int64` (no date at all).
    static func unixSeconds(mvhd seconds: UInt64) -> Int64? {
        let epochDifference: UInt64 = 2_082_844_800
        return Int64(exactly: seconds >= epochDifference ? seconds - epochDifference : seconds)
    }

    /// `mvhd`: version and flags, then the creation time in 32 bits (version 0) or 64 (1).
    private static func readMovieHeader(_ box: Box, _ boxes: BoxReader, into found: inout Found) throws(MetadataError) {
        // Creation, modification, time scale and duration: what tells one video from another.
        let head = try boxes.head(of: box, limit: 32)
        found.digest += head
        switch head.first {
        case 0: found.created = head.uint32(at: 4, littleEndian: false).map(UInt64.init) ?? 0
        case 1: found.created = head.uint64BE(at: 4) ?? 0
        default: break
        }
    }

    /// A `meta` box: the wanted keys of `keys`, then their values among `ilst`'s items.
    private static func readMeta(_ meta: Box, _ boxes: BoxReader, depth: Int, into found: inout Found) throws(MetadataError) {
        // QuickTime's `meta` is a plain box; ISO's (and ffmpeg's in `udta`) is a full box, with
        // 4 bytes of version and flags before its children. A child's size is never 0 there.
        let start = try boxes.head(of: meta, limit: 4) == [0, 0, 0, 0] ? meta.body.lowerBound + 4 : meta.body.lowerBound
        var keys: Box?, items: Box?
        try boxes.children(of: start..<meta.end, depth: depth) { box throws(MetadataError) in
            if box.type == .keys { keys = keys ?? box }
            if box.type == .ilst { items = items ?? box }
            return true
        }
        guard let keys, let items else { return }
        let wanted = try keyIndices(boxes.body(of: keys, limit: maxKeysBytes))
        guard !wanted.isEmpty else { return }
        // Each item's type is its key's index, counted from 1; its value is in a `data` box.
        try boxes.children(of: items.body, depth: depth + 1) { item throws(MetadataError) in
            guard let key = wanted[item.type.value], found.keyed[key] == nil else { return true }
            try boxes.children(of: item.body, depth: depth + 2) { data throws(MetadataError) in
                guard data.type == .data else { return true }
                if let text = try value(boxes.head(of: data, limit: 8 + maxValueBytes), whole: data.body.count <= 8 + maxValueBytes) {
                    found.keyed[key] = text
                    found.digest += Array(text.utf8)
                }
                return false
            }
            return true
        }
    }

    /// `keys`: version and flags, an entry count, then entries of a 32-bit size (itself
    /// included), a namespace (`mdta`) and the name. Only the indices of the four wanted names
    /// are kept, so a count of four billion allocates nothing; entries end with the box.
    private static func keyIndices(_ body: [UInt8]) -> [UInt32: Key] {
        guard let count = body.uint32(at: 4, littleEndian: false) else { return [:] }
        var wanted: [UInt32: Key] = [:]
        var at = 8, index: UInt32 = 0
        while index < count, let size = body.uint32(at: at, littleEndian: false).map(Int.init), size >= 8, size <= body.count - at {
            index += 1
            if let key = Key(rawValue: String(decoding: body[(at + 8)..<(at + size)], as: UTF8.self)) { wanted[index] = wanted[index] ?? key }
            at += size
        }
        return wanted
    }

    /// A `data` box's value as text: a type (1 UTF-8, 2 UTF-16), a locale, then the bytes.
    /// Values of other types, or longer than ``maxValueBytes``, are none of the wanted ones.
    private static func value(_ head: [UInt8], whole: Bool) -> String? {
        guard whole, let type = head.uint32(at: 0, littleEndian: false), head.count > 8 else { return nil }
        let bytes = head[8...]
        switch type {
        case 1: return text(bytes)
        case 2:
            let units = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return text(Array(String(decoding: units, as: UTF16.self).utf8))
        default: return nil
        }
    }

    /// Text up to its first NUL, without surrounding spaces; nil when nothing is left.
    private static func text(_ bytes: some BidirectionalCollection<UInt8>) -> String? {
        var kept = bytes.prefix { $0 != 0 }[...]
        while kept.first == 0x20 { kept = kept.dropFirst() }
        while kept.last == 0x20 { kept = kept.dropLast() }
        return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }

    /// `©xyz`, QuickTime's international text: a 16-bit length, a 16-bit language, the text.
    private static func xyzText(_ body: [UInt8], into found: inout Found) -> String? {
        guard let length = body.uint16(at: 0, littleEndian: false).map(Int.init), length <= body.count - 4 else { return nil }
        let text = text(body[4..<(4 + length)])
        found.digest += body
        return text
    }

    /// 3GPP `loci` (TS 26.244): version and flags, a language, a NUL-terminated name (UTF-8, or
    /// UTF-16 after a byte-order mark), a role byte, then longitude, latitude and altitude as
    /// signed 16.16 fixed point. The body and notes that follow are not needed.
    private static func loci(_ body: [UInt8], into found: inout Found) -> (latitude: Double, longitude: Double, altitude: Double)? {
        var at = 6
        if body.count >= at + 2, body[at] == 0xFE && body[at + 1] == 0xFF || body[at] == 0xFF && body[at + 1] == 0xFE {
            // UTF-16: ends with a 16-bit NUL.
            at += 2
            while at + 1 < body.count, body[at] != 0 || body[at + 1] != 0 { at += 2 }
            at += 2
        } else {
            guard let nul = body[min(at, body.count)...].firstIndex(of: 0) else { return nil }
            at = nul + 1
        }
        at += 1  // role
        guard let lon = body.uint32(at: at, littleEndian: false), let lat = body.uint32(at: at + 4, littleEndian: false),
              let alt = body.uint32(at: at + 8, littleEndian: false) else { return nil }
        found.digest += body[..<(at + 12)]
        func fixed(_ v: UInt32) -> Double { Double(Int32(bitPattern: v)) / 65536 }
        return (fixed(lat), fixed(lon), fixed(alt))
    }
}
