import Foundation
import LocationHistory
import PhotoMetadata
import TravelLog

/// One location history file read for the log: its points (sorted by instant, the repeats of
/// the file itself dropped), its visits and flights, and what ``TravelLog/StoredHistory``
/// says of it.
///
/// ```swift
/// let file = HistoryFile.read(path: path, size: size, modifiedNs: mtime)
/// try log.saveHistory(file.stored, points: file.points, segments: file.segments, run: run)
/// ```
///
/// Never throws: a file that cannot be read, or breaks off, is a history with an error (and
/// the points before the break). A value type; `Sendable`.
struct HistoryFile: Sendable {
    var stored: TravelLog.StoredHistory
    var points: [TimedPosition] = []
    var segments: [HistorySegment] = []

    /// Two points within this time and ``duplicateMetres`` of each other are one: the same fix
    /// exported twice (Takeout and the phone's Timeline.json repeat months, at 7 and 6 decimals).
    static let duplicateMilliseconds: Int64 = 2_000
    static let duplicateMetres = 5.0

    /// Reads the file at `path` (never its name: the content tells the format).
    static func read(path: String, size: Int64, modifiedNs: Int64, progress: ((Int64) -> Void)? = nil) -> HistoryFile {
        var file = HistoryFile(stored: .init(path: path, size: size, modifiedNs: modifiedNs))
        var points: [TimedPosition] = []
        var skipped = 0
        var homes: [HistoryPosition] = []
        func point(_ instant: Int64, _ latitude: Double, _ longitude: Double) {
            if let p = TimedPosition(instant: instant, latitude: latitude, longitude: longitude) { points.append(p) } else { skipped += 1 }
        }
        do {
            let summary = try HistoryReader.read(fileAt: path, progress: progress) { item in
                switch item {
                case .point(let p): point(p.instant, p.latitude, p.longitude)
                case .visit(let v):
                    file.segments.append(HistorySegment(kind: .visit, start: v.start, end: max(v.start, v.end),
                                                        latitude: v.position.latitude, longitude: v.position.longitude))
                case .activity(let a):
                    if a.type == "FLYING" {
                        file.segments.append(HistorySegment(kind: .flight, start: a.start, end: max(a.start, a.end)))
                    } else {
                        // Where a drive or a walk began and ended, at those times: the country it went through.
                        if let s = a.startPosition { point(a.start, s.latitude, s.longitude) }
                        if let e = a.endPosition { point(a.end, e.latitude, e.longitude) }
                    }
                case .frequentPlace(let f):
                    if f.label?.uppercased() == "HOME" { homes.append(f.position) }
                }
            }
            guard let summary else {
                file.stored.error = .init(kind: "unrecognised-format", message: "not a location history or GPX track")
                return file
            }
            file.stored.format = summary.format.rawValue
            file.stored.skipped = summary.skipped + skipped
            if let cut = summary.cutShort {
                file.stored.cutOffset = cut.offset
                file.stored.error = .init(kind: "truncated", message: cut.description + " (the points before it are kept)")
            }
        } catch {
            // What came before a fault has been delivered: kept, and the file listed until it changes.
            if case .unreadable = error.reason {
                file.stored.error = .init(kind: "unreadable", message: error.description)
            } else {
                file.stored.error = .init(kind: "corrupt", message: error.description + (points.isEmpty ? "" : " (the points before it are kept)"))
            }
        }
        file.stored.pointsRead = points.count
        file.points = deduplicated(points)
        file.stored.points = file.points.count
        file.stored.visits = file.segments.filter { $0.kind == .visit }.count
        file.stored.flights = file.segments.filter { $0.kind == .flight }.count
        // The points are sorted: their ends and the segments' are the span.
        let ends = [file.points.first?.instant, file.points.last?.instant].compactMap { $0 } + file.segments.flatMap { [$0.start, $0.end] }
        (file.stored.first, file.stored.last) = (ends.min(), ends.max())
        let asOf = file.stored.last ?? 0
        file.segments += homes.map { HistorySegment(kind: .home, start: asOf, end: asOf, latitude: $0.latitude, longitude: $0.longitude) }
        return file
    }

    /// `points` sorted by instant, each dropped that lies within ``duplicateMilliseconds`` and
    /// ``duplicateMetres`` of a point kept before it.
    static func deduplicated(_ points: [TimedPosition]) -> [TimedPosition] {
        let sorted = points.sorted { ($0.instant, $0.latitudeE7, $0.longitudeE7) < ($1.instant, $1.latitudeE7, $1.longitudeE7) }
        var kept: [TimedPosition] = []
        kept.reserveCapacity(sorted.count)
        for p in sorted where !isRepeat(p, of: kept) { kept.append(p) }
        return kept
    }

    /// Whether `p` repeats one of the last points of `kept` (sorted by instant, none after `p`).
    static func isRepeat(_ p: TimedPosition, of kept: [TimedPosition]) -> Bool {
        var i = kept.count - 1
        while i >= 0, p.instant - kept[i].instant <= duplicateMilliseconds {
            if metres(p, kept[i]) <= duplicateMetres { return true }
            i -= 1
        }
        return false
    }

    /// The distance between two points a few metres apart, by the equirectangular
    /// approximation (exact to far under a millimetre at that range).
    static func metres(_ a: TimedPosition, _ b: TimedPosition) -> Double {
        let degree = 111_194.93  // metres per degree of a great circle on the mean Earth (6,371,008.8 m)
        let dy = Double(Int64(a.latitudeE7) - Int64(b.latitudeE7)) / 1e7 * degree
        var dlon = Double(Int64(a.longitudeE7) - Int64(b.longitudeE7)) / 1e7
        if dlon > 180 { dlon -= 360 } else if dlon < -180 { dlon += 360 }
        let dx = dlon * degree * cos((a.latitude + b.latitude) / 2 * .pi / 180)
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension HistoryFile {
    /// The points of several histories in time order, telling the repeats of a fix another
    /// history already gave (within ``duplicateMilliseconds`` and ``duplicateMetres``): Takeout
    /// and the phone's Timeline.json repeat the same months.
    ///
    /// ```swift
    /// var repeats = HistoryFile.Repeats()
    /// for (id, p) in window where !repeats.isRepeat(p, of: id) { … }
    /// ```
    struct Repeats {
        /// The points kept in the last ``duplicateMilliseconds``.
        private var recent: [(history: Int64, point: TimedPosition)] = []

        /// Whether `p` of `history` repeats a point of another history kept before it; kept if not.
        mutating func isRepeat(_ p: TimedPosition, of history: Int64) -> Bool {
            recent.removeAll { p.instant - $0.point.instant > duplicateMilliseconds }
            if recent.contains(where: { $0.history != history && metres($0.point, p) <= duplicateMetres }) { return true }
            recent.append((history, p))
            return false
        }
    }
}

extension TimedPosition {
    /// The same point as a GPX track's, which places photos (``TrackPlacer``).
    var gpxPoint: GPXTrack.Point {
        GPXTrack.Point(time: Date(timeIntervalSince1970: Double(instant) / 1000), latitude: latitude, longitude: longitude)
    }
}
