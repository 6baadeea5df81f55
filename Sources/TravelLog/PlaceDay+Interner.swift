import Foundation
import Gazetteer
import SQLite

extension PlaceDay {
    /// One ``Places`` object per distinct place snapshot among the rows a statement reads.
    ///
    /// ```swift
    /// var interner = PlaceDay.Interner()
    /// while try s.step() { rows.append(TravelLog.placeDay(s, places: &interner)) }
    /// ```
    ///
    /// A log of ten years of history has thousands of rows per place: reading each row's twelve
    /// id and name columns into strings cost more than the rest of a passport answer. The
    /// interner hashes the columns' bytes in place and makes strings only for a snapshot it has
    /// not seen. Not thread-safe: one per reading loop.
    struct Interner {
        private var known: [UInt64: [Places]] = [:]

        /// The snapshot of the id and name column pairs (one a kind, from the continent down) from
        /// `first` on at `s`'s current row.
        mutating func places(_ s: Statement, from first: Int32) -> Places {
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>?.self, capacity: 2 * PlaceKind.levels.count) { columns in
                // FNV-1a over the columns, each followed by a marker that tells NULL from empty.
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for i in columns.indices {
                    let text = s.text(first + Int32(i))
                    columns[i] = text
                    for byte in text ?? UnsafeBufferPointer(start: nil, count: 0) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                    hash = (hash ^ (text == nil ? 0xff : 0xfe)) &* 0x100_0000_01b3
                }
                if let same = known[hash]?.first(where: { Self.matches($0, columns) }) { return same }
                func link(_ i: Int) -> PlaceLink? {
                    columns[i].map { PlaceLink(id: String(decoding: $0, as: UTF8.self), name: String(decoding: columns[i + 1] ?? .init(start: nil, count: 0), as: UTF8.self)) }
                }
                let new = Places(PlaceLineage { link(2 * $0.rank) })
                known[hash, default: []].append(new)
                return new
            }
        }

        /// Whether `places` is the snapshot of `columns` (a NULL name reads as an empty one).
        private static func matches(_ places: Places, _ columns: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Bool {
            func same(_ link: PlaceLink?, _ i: Int) -> Bool {
                guard let link else { return columns[i] == nil }
                guard let id = columns[i] else { return false }
                return equal(link.id, id) && equal(link.name, columns[i + 1] ?? .init(start: nil, count: 0))
            }
            return PlaceKind.levels.allSatisfy { same(places.link($0), 2 * $0.rank) }
        }

        private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var string = string
            return string.withUTF8 { $0.count == bytes.count && ($0.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0) }
        }
    }
}

extension VisitPhoto.Status {
    /// The status whose raw value is `bytes`, read in place from a column.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        for status in Self.allCases {
            var raw = status.rawValue
            if raw.withUTF8({ $0.elementsEqual(bytes) }) { self = status; return }
        }
        return nil
    }
}
