import Foundation
@testable import LocationHistory

/// What one read delivered, collected (the tests' documents are small).
struct HistoryRead {
    var summary: HistoryFileSummary?
    var items: [HistoryItem] = []

    var points: [HistoryPoint] { items.compactMap { if case .point(let p) = $0 { p } else { nil } } }
    var visits: [HistoryVisit] { items.compactMap { if case .visit(let v) = $0 { v } else { nil } } }
    var activities: [HistoryActivity] { items.compactMap { if case .activity(let a) = $0 { a } else { nil } } }
    var frequentPlaces: [FrequentPlace] { items.compactMap { if case .frequentPlace(let f) = $0 { f } else { nil } } }

    /// Reads `text` (or `bytes`) from memory in chunks of `chunk` bytes.
    init(_ text: String, chunk: Int = 1 << 20) throws(HistoryError) { try self.init(bytes: Array(text.utf8), chunk: chunk) }

    init(bytes: [UInt8], chunk: Int = 1 << 20) throws(HistoryError) {
        var items: [HistoryItem] = []
        summary = try HistoryReader.read(bytes: bytes, chunkSize: chunk) { items.append($0) }
        self.items = items
    }
}

/// Milliseconds since 1970 of an ISO 8601 time, by Foundation (an independent check of ISOInstant).
func ms(_ iso: String) -> Int64 {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = f.date(from: iso) ?? ISO8601DateFormatter().date(from: iso)!
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
}

/// The error a read throws, if any.
func readError(_ text: String, chunk: Int = 1 << 20) -> HistoryError? {
    do throws(HistoryError) {
        _ = try HistoryRead(text, chunk: chunk)
        return nil
    } catch {
        return error
    }
}
