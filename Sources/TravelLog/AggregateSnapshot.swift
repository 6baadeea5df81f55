import Foundation
import Gazetteer

/// Every row a passport reads — the place days of the photos and of the location histories, in
/// one order, and the track days — as one compact binary value the log keeps beside the tables
/// (``TravelLog/passportAggregates()``): a passport command then decodes one blob instead of
/// stepping through tens of thousands of rows of twenty-two columns and hashing their names.
///
/// ```swift
/// let snapshot = AggregateSnapshot(days: days, tracks: tracks)
/// let bytes = snapshot.encoded()
/// let again = try bytes.withUnsafeBytes { try AggregateSnapshot(decoding: $0) }   // == snapshot
/// ```
///
/// The layout: the format number; the distinct place snapshots (an optional link for each
/// ``PlaceKind``); the
/// rows, each naming its places by index; the track days. Integers little-endian, strings as a
/// length and UTF-8 bytes. Decoding checks every length and index against the bytes it has, so
/// a damaged blob is an error (the log then reads its tables), never a crash.
///
/// A value type; `Sendable`.
public struct AggregateSnapshot: Sendable, Equatable {
    public var days: [PlaceDay]
    public var tracks: [TrackDay]

    /// Bumped whenever the layout or the meaning of a field changes (2: a link for the
    /// subregion): a snapshot of another format is not read.
    public static let format: UInt32 = 2

    public init(days: [PlaceDay], tracks: [TrackDay]) { (self.days, self.tracks) = (days, tracks) }

    struct DecodingError: Error, CustomStringConvertible {
        let description: String
    }

    public func encoded() -> [UInt8] {
        var out = Writer()
        out.u32(Self.format)
        // Each distinct snapshot once, equal ones from different tables too: decoded, their
        // rows share one object.
        var indices = IdentityTable()
        var byValue: [PlaceLineage<PlaceLink>: UInt32] = [:]
        var places: [PlaceDay.Places] = []
        for d in days where indices[d.places] == nil {
            let index = byValue[d.places.lineage] ?? UInt32(places.count)
            if index == places.count {
                byValue[d.places.lineage] = index
                places.append(d.places)
            }
            indices[d.places] = Int(index)
        }
        // Room for it all at once: grown by doubling, the 5.7 MB of a 100,000-photo log was
        // copied and its fresh pages faulted in several times (a third of the end of an import).
        // Room beyond what is written costs nothing: pages never touched are never mapped.
        out.bytes.reserveCapacity(16 + places.count * PlaceKind.levels.count * 96 + days.count * 160 + tracks.count * 320)
        out.u32(UInt32(places.count))
        for p in places {
            for link in p.links {
                out.string(link?.id)
                if let link { out.string(link.name) }
            }
        }
        out.u32(UInt32(days.count))
        for d in days {
            out.string(d.date)
            out.u8(Self.statusCode(d.status))
            out.u32(UInt32(indices[d.places]!))
            out.i64(d.photos)
            out.i64(d.handSet)
            out.i64(d.positioned)
            out.i64(d.historyPoints)
            out.f64(d.latitudeSum)
            out.f64(d.longitudeSum)
            out.time(d.firstTime)
            out.time(d.lastTime)
        }
        out.u32(UInt32(tracks.count))
        for t in tracks {
            out.string(t.day)
            out.i64(t.photos)
            out.point(t.first)
            out.point(t.last)
            out.f64(t.km)
        }
        return out.bytes
    }

    /// The snapshot in `bytes`; with `times` false each row's first and last time are left out
    /// (nil), which only trips and the day rules read: a listing of the million-photo spread log
    /// then makes 98,000 strings fewer. With `tracks` false there are no track days, which only
    /// `stats`' distance reads (four strings each).
    /// `placesRead` is given the place snapshots as soon as they are read, before the rows: the
    /// cities they name can be looked up on another core meanwhile.
    public init(decoding bytes: UnsafeRawBufferPointer, times: Bool = true, tracks readTracks: Bool = true,
                placesRead: (([PlaceDay.Places]) -> Void)? = nil) throws {
        var r = Reader(bytes: bytes)
        let format = try r.u32()
        guard format == Self.format else { throw DecodingError(description: "format \(format), this atlas reads \(Self.format)") }
        let placeCount = try r.count(atLeast: 4 * PlaceKind.levels.count)
        var places: [PlaceDay.Places] = []
        places.reserveCapacity(placeCount)
        for _ in 0..<placeCount {
            let lineage = try PlaceLineage<PlaceLink> { _ in try r.string().map { PlaceLink(id: $0, name: try r.string() ?? "") } }
            places.append(.init(lineage))
        }
        placesRead?(places)
        let dayCount = try r.count(atLeast: 65)
        var days: [PlaceDay] = []
        days.reserveCapacity(dayCount)
        var lastDate: (bytes: UnsafeRawBufferPointer, value: String)?
        for _ in 0..<dayCount {
            // Read into locals, the row made once in the array: a row filled field by field
            // was copied twice on its way in (the times' and the snapshot's references
            // retained and released each time), and the times are moved in, not copied.
            let date = try r.string(reusing: &lastDate), status = try Self.status(r.u8())
            let place = Int(try r.u32())
            guard place < places.count else { throw DecodingError(description: "place \(place) of \(places.count)") }
            let (photos, handSet, positioned, historyPoints) = (try r.i64(), try r.i64(), try r.i64(), try r.i64())
            let (latitudeSum, longitudeSum) = (try r.f64(), try r.f64())
            var (first, last): (LocalTime?, LocalTime?) = (nil, nil)
            if times { (first, last) = (try r.time(), try r.time()) } else { try r.skipString(); try r.skipString() }
            days.append(PlaceDay(date: date, status: status, places: places[place], photos: photos, handSet: handSet, positioned: positioned,
                                 latitudeSum: latitudeSum, longitudeSum: longitudeSum, firstTime: consume first, lastTime: consume last,
                                 historyPoints: historyPoints))
        }
        self.days = days
        let trackCount = try r.count(atLeast: 68)
        tracks = []
        tracks.reserveCapacity(trackCount)
        for _ in 0..<trackCount {
            guard readTracks else {
                // Walked, not made: the bytes are still checked to the end.
                try r.skipString()
                _ = try r.i64()
                for _ in 0..<2 { try r.skipString(); try r.skipString(); _ = try r.f64(); _ = try r.f64() }
                _ = try r.f64()
                continue
            }
            let day = try r.string() ?? "", photos = try r.i64()
            func point() throws -> TrackDay.Point {
                .init(time: try r.string() ?? "", path: try r.string() ?? "", latitude: try r.f64(), longitude: try r.f64())
            }
            let (first, last) = (try point(), try point())
            tracks.append(TrackDay(day: day, photos: photos, first: first, last: last, km: try r.f64()))
        }
        guard r.offset == bytes.count else { throw DecodingError(description: "\(bytes.count - r.offset) bytes after the track days") }
    }

    private static func statusCode(_ s: VisitPhoto.Status) -> UInt8 { UInt8(VisitPhoto.Status.allCases.firstIndex(of: s)!) }

    private static func status(_ code: UInt8) throws -> VisitPhoto.Status {
        guard Int(code) < VisitPhoto.Status.allCases.count else { throw DecodingError(description: "status \(code)") }
        return VisitPhoto.Status.allCases[Int(code)]
    }

    private struct Writer {
        var bytes: [UInt8] = []
        mutating func u8(_ v: UInt8) { bytes.append(v) }
        mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func i64(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        /// Its length (`UInt32.max` for none), then its UTF-8 bytes.
        mutating func string(_ s: String?) {
            guard var s else { return u32(.max) }
            s.withUTF8 { text(UnsafeRawBufferPointer($0)) }
        }
        /// As ``string(_:)`` its text.
        mutating func time(_ t: LocalTime?) {
            guard let t else { return u32(.max) }
            t.withUTF8 { text($0) }
        }
        mutating func point(_ p: TrackDay.Point) {
            string(p.time)
            string(p.path)
            f64(p.latitude)
            f64(p.longitude)
        }
        private mutating func text(_ utf8: UnsafeRawBufferPointer) {
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        // Inlined: called a dozen times a row, each call was a quarter of the decoding.
        @inline(__always)
        mutating func take(_ n: Int) throws -> UnsafeRawBufferPointer {
            let start = try skip(n)
            return UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: n)
        }

        /// Moves past `n` bytes, checked, and says where they start: a fixed-width value is
        /// loaded from there, without a slice's own checks.
        @inline(__always)
        mutating func skip(_ n: Int) throws -> Int {
            guard n <= bytes.count - offset else { throw DecodingError(description: "cut short at byte \(offset)") }
            defer { offset += n }
            return offset
        }

        @inline(__always) mutating func u8() throws -> UInt8 { bytes[try skip(1)] }
        @inline(__always) mutating func u32() throws -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try skip(4), as: UInt32.self)) }
        @inline(__always) mutating func i64() throws -> Int { Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: try skip(8), as: Int64.self))) }
        @inline(__always) mutating func f64() throws -> Double {
            Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try skip(8), as: UInt64.self)))
        }

        /// A count of items of at least `size` bytes each: never more than the bytes left could hold.
        mutating func count(atLeast size: Int) throws -> Int {
            let n = Int(try u32())
            guard n <= (bytes.count - offset) / size else { throw DecodingError(description: "\(n) items in \(bytes.count - offset) bytes") }
            return n
        }

        mutating func skipString() throws {
            let length = try u32()
            if length != .max { _ = try skip(Int(length)) }
        }

        /// A string of the same bytes as the last one read through `last` is that one again, not
        /// a new one: rows come by date, a few to a date.
        mutating func string(reusing last: inout (bytes: UnsafeRawBufferPointer, value: String)?) throws -> String? {
            let length = try u32()
            guard length != .max else { return nil }
            let bytes = try take(Int(length))
            // Compared as memory: the generic `elementsEqual` went byte by byte through a
            // sequence's iterator, 300 instructions a date.
            if let last, last.bytes.count == bytes.count, bytes.isEmpty || memcmp(last.bytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0 {
                return last.value
            }
            let value = String(decoding: bytes, as: UTF8.self)
            last = (bytes, value)
            return value
        }

        /// A string as a ``LocalTime``, made from the bytes in place.
        mutating func time() throws -> LocalTime? {
            let length = try u32()
            guard length != .max else { return nil }
            return LocalTime(utf8: try take(Int(length)))
        }

        mutating func string() throws -> String? {
            let length = try u32()
            guard length != .max else { return nil }
            return String(decoding: try take(Int(length)), as: UTF8.self)
        }
    }
}
