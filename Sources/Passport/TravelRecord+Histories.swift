import Foundation
import Gazetteer
import JSONWriter
import TravelLog

extension TravelRecord {
    /// A location history file as the record lists it (`histories`): where the days of
    /// `history_days` come from. Its points stay in the log, not in the record.
    ///
    /// ```swift
    /// TravelRecord.json(history).rendered()
    /// // {"path":"/t/Records.json","format":"google-records","points_read":3352114,…,"first":"2013-05-01T08:00:00Z",…}
    /// ```
    public static func json(_ h: TravelLog.StoredHistory) -> JSONValue {
        .object([
            ("path", .string(h.path)), ("format", .optional(h.format)),
            ("points_read", .int(h.pointsRead)), ("points", .int(h.points)), ("duplicates", .int(h.duplicates)),
            ("visits", .int(h.visits)), ("flights", .int(h.flights)), ("skipped", .int(h.skipped)),
            ("first", instant(h.first)), ("last", instant(h.last)),
            ("error", h.error.map { .object([("kind", .string($0.kind)), ("message", .string($0.message))]) } ?? .null),
        ])
    }

    /// A day a location history gives (``PlaceDay/isHistory``): a stay (`visit`) or a place
    /// passed through (`transit`), its places, its points, and the sums of their positions in
    /// units of 1e-7 degrees (null unless the record's coordinates are exact), which a restore
    /// needs to give the same homes and maps; as a member of the `history_days` array appended to
    /// `out`, in the fixed shape of ``append(_:to:)``'s photos: a decade of history is thousands
    /// of days. `chains` keeps the bytes of each place snapshot's six members, written once: a
    /// decade of days has a few hundred snapshots.
    func append(historyDay d: PlaceDay, chains: inout [ObjectIdentifier: [UInt8]], to out: inout [UInt8]) {
        func literal(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        func string(_ value: String?) { if let value { JSONBytes.appendQuoted(value, to: &out) } else { literal("null") } }
        func int(_ value: Int?) { if let value { JSONBytes.appendInt(value, to: &out) } else { literal("null") } }
        let exact = coordinates == .exact
        literal("{\n      \"date\": "); string(d.date)
        literal(",\n      \"status\": "); string(d.status.rawValue)
        let p = d.places
        if let chain = chains[ObjectIdentifier(p)] {
            out.append(contentsOf: chain)
        } else {
            var chain: [UInt8] = []
            appendChain(p.lineage, to: &chain)
            chains[ObjectIdentifier(p)] = chain
            out.append(contentsOf: chain)
        }
        literal(",\n      \"points\": "); int(d.historyPoints)
        literal(",\n      \"positioned\": "); int(exact ? d.positioned : 0)
        literal(",\n      \"latitude_sum_e7\": "); int(exact ? Int(d.latitudeSum) : nil)
        literal(",\n      \"longitude_sum_e7\": "); int(exact ? Int(d.longitudeSum) : nil)
        literal(",\n      \"first_time\": "); string(d.firstTime?.text)
        literal(",\n      \"last_time\": "); string(d.lastTime?.text)
        literal("\n    }")
    }

    /// `ms` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`, to the second.
    private static func instant(_ ms: Int64?) -> JSONValue {
        ms.map { .string(VisitPhoto.text(Int((Double($0) / 1000).rounded(.down))) + "Z") } ?? .null
    }

    /// The histories of a record (version 6 on), checked, to save with no points: size -1 so
    /// that an import of their folder reads them again.
    static func restoreHistories(_ entries: [[String: Any]]) throws -> [TravelLog.StoredHistory] {
        try entries.enumerated().map { index, entry in
            guard let path = entry["path"] as? String, path.hasPrefix("/") else { throw RestoreError("history \(index + 1): no absolute path") }
            func count(_ key: String) throws -> Int {
                guard let n = entry[key] as? NSNumber, n.doubleValue >= 0, n.doubleValue < 1e15, n.doubleValue == n.doubleValue.rounded() else {
                    throw RestoreError("history \(index + 1) (\(path)): \(key) is not a count")
                }
                return n.intValue
            }
            func instant(_ key: String) throws -> Int64? {
                guard let text = entry[key] as? String else { return nil }
                guard text.hasSuffix("Z"), let seconds = PassportPhoto.epochSeconds(String(text.dropLast())) else {
                    throw RestoreError("history \(index + 1) (\(path)): \(key) '\(text)' is not a UTC time (YYYY-MM-DDTHH:MM:SSZ)")
                }
                return Int64(seconds) * 1000
            }
            var h = TravelLog.StoredHistory(path: path, size: -1, modifiedNs: 0)
            h.format = entry["format"] as? String
            (h.pointsRead, h.points, h.duplicates) = (try count("points_read"), try count("points"), try count("duplicates"))
            (h.visits, h.flights, h.skipped) = (try count("visits"), try count("flights"), try count("skipped"))
            (h.first, h.last) = (try instant("first"), try instant("last"))
            if let e = entry["error"] as? [String: Any], let kind = e["kind"] as? String {
                h.error = .init(kind: kind, message: e["message"] as? String ?? "")
            }
            return h
        }
    }

    /// The history days of a record (version 6 on), checked as the photos' snapshots are.
    static func restoreHistoryDays(_ entries: [[String: Any]]) throws -> [PlaceDay] {
        try entries.enumerated().map { index, entry in
            func fail(_ why: String) -> RestoreError { RestoreError("history day \(index + 1): \(why)") }
            guard let date = entry["date"] as? String, CalendarDay(date) != nil else { throw fail("no date (YYYY-MM-DD)") }
            guard let status = (entry["status"] as? String).flatMap(VisitPhoto.Status.init(rawValue:)), status != .flight else {
                throw fail("status is neither visit nor transit")
            }
            func link(_ kind: PlaceKind) throws -> PlaceLink? {
                guard let o = entry[kind.rawValue] as? [String: Any], let text = o["id"] as? String else { return nil }
                guard let id = PlaceID(text), id.kind == kind else { throw fail("'\(text)' is not a \(kind.rawValue) identifier") }
                return PlaceLink(id: text, name: o["name"] as? String ?? "")
            }
            func integer(_ key: String, within range: ClosedRange<Double>) throws -> Int {
                guard let n = entry[key] as? NSNumber, range.contains(n.doubleValue), n.doubleValue == n.doubleValue.rounded() else {
                    throw fail("\(key) \(entry[key] ?? "missing") is not a whole number within \(Int(range.lowerBound))…\(Int(range.upperBound))")
                }
                return n.intValue
            }
            var d = PlaceDay(date: date, status: status)
            d.places = PlaceDay.Places(try PlaceLineage(link))
            d.historyPoints = try integer("points", within: 1...1e15)
            d.positioned = try integer("positioned", within: 0...1e9)
            if d.positioned > 0 {
                // A sum of `positioned` coordinates, each within ±180° (±1.8e9 units).
                let bound = Double(d.positioned) * 1.8e9
                d.latitudeSum = Double(try integer("latitude_sum_e7", within: -bound...bound))
                d.longitudeSum = Double(try integer("longitude_sum_e7", within: -bound...bound))
            }
            (d.firstTime, d.lastTime) = ((entry["first_time"] as? String).map { LocalTime($0) }, (entry["last_time"] as? String).map { LocalTime($0) })
            return d
        }
    }
}
