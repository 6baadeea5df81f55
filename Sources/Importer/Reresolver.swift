import Foundation
import Gazetteer
import TravelLog

/// `atlas reresolve`: re-derives the place snapshot of every photo with a position from the
/// current gazetteer, and the capture-time offset where it came from the time zone there.
/// Hand-set places live in their own table and are not touched.
///
/// ```swift
/// let report = try Reresolver(log: log, finder: finder).run()
/// print(report.changedPhotos, report.transitions)
/// ```
///
/// Pages through the log by id (bounded memory); one transaction per page. Uses the log from
/// the calling thread only.
public struct Reresolver {
    public struct Report: Sendable {
        public var examined = 0
        /// Photos whose country, region, city, district or airport changed.
        public var changedPhotos = 0
        /// "old → new" (place names with identifiers) → number of photos, for every level that changed.
        public var transitions: [String: Int] = [:]
        /// Photos whose UTC offset, derived from the time zone of their position, changed.
        public var retimedPhotos = 0
        /// Photos whose snapshot was rewritten (changed places or an older gazetteer version).
        public var rewritten = 0
    }

    let log: TravelLog
    let finder: PlaceFinder
    let pageSize: Int

    public init(log: TravelLog, finder: PlaceFinder, pageSize: Int = 500) {
        self.log = log
        self.finder = finder
        self.pageSize = pageSize
    }

    public func run() throws -> Report {
        var report = Report()
        var last: Int64 = 0
        // As an import: the dates rewritten are refreshed once at the end, each read once, and
        // the passport's snapshot made once, not once a page.
        log.refreshesAggregatesOnWrite = false
        defer { log.refreshesAggregatesOnWrite = true }
        while true {
            let page = try log.records(after: last, limit: pageSize)
            guard let end = page.last?.id else { break }
            last = end
            try log.write {
                for (id, old) in page {
                    guard let lat = old.latitude, let lon = old.longitude else { continue }
                    report.examined += 1
                    var new = old
                    let located = try finder.locate(latitude: lat, longitude: lon)
                    new.place = located?.place
                    (new.utcOffsetSeconds, new.offsetSource) = Self.offset(of: old, timeZone: located?.timeZone)
                    guard new != old else { continue }
                    let changes = Self.changes(from: old.place, to: new.place)
                    for text in changes { report.transitions[text, default: 0] += 1 }
                    if !changes.isEmpty { report.changedPhotos += 1 }
                    if new.utcOffsetSeconds != old.utcOffsetSeconds {
                        report.retimedPhotos += 1
                        report.transitions["UTC offset \(Self.offsetText(old.utcOffsetSeconds)) → \(Self.offsetText(new.utcOffsetSeconds))", default: 0] += 1
                    }
                    report.rewritten += 1
                    try log.update(id: id, with: new, run: nil)
                }
            }
        }
        try log.refreshAggregates()
        return report
    }

    /// One "old → new" line (names with identifiers, `none` for no place) per level whose place
    /// differs between two snapshots: country, region, city, district, airport. Upgrading a
    /// log whose cities were districts gives `Lyon 05 (city:6543971) → Lyon (city:2996944)` and
    /// `none → Lyon 05 (district:6543971)`.
    public static func changes(from o: PlaceSnapshot?, to n: PlaceSnapshot?) -> [String] {
        // A continent changes only with its country.
        let levels = PlaceKind.levels.filter { $0 != .continent }.map { (o?.places[$0], n?.places[$0]) }
        return levels.filter { $0.0?.id != $0.1?.id }.map { a, b in
            "\(a.map { "\($0.name) (\($0.id))" } ?? "none") → \(b.map { "\($0.name) (\($0.id))" } ?? "none")"
        }
    }

    /// The offset a photo has at its (re-resolved) place: the zone's again where it came from
    /// the zone, and a GPS clock's checked against the zone now there, so a log imported before
    /// the check learns that Tokyo was never at −00:15. The file's own offset stays.
    static func offset(of old: PhotoRecord, timeZone: String?) -> (Int?, PhotoRecord.OffsetSource?) {
        switch old.offsetSource {
        case .exif?:
            return (old.utcOffsetSeconds, old.offsetSource)
        case .gps?:
            guard let seconds = old.utcOffsetSeconds, let time = old.captureTime else { return (old.utcOffsetSeconds, old.offsetSource) }
            let checked = CaptureOffset.checked(gpsOffset: seconds, of: time, in: timeZone.flatMap(TimeZone.init(identifier:)))
            return (checked.seconds, checked.source)
        case nil, .timezone?, .timezoneOverGPS?:
            let offset = CaptureOffset.derive(time: old.captureTime, gpsTime: nil, timeZone: timeZone)
            // The GPS offset that was set aside is not kept: the label says it was.
            return (offset?.seconds, old.offsetSource == .timezoneOverGPS && offset != nil ? .timezoneOverGPS : offset?.source)
        }
    }

    /// `+09:00`, `-06:00`, `+05:45`, or `none`.
    static func offsetText(_ seconds: Int?) -> String {
        guard let seconds else { return "none" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
