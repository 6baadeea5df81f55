import Foundation
import PhotoMetadata
import SQLite

/// GPX tracks kept in the log: read once (a file is read again only when its size or time
/// changes), so photos imported later are placed by them as well.
extension TravelLog {
    /// A track file as the log knows it.
    public struct StoredTrack: Sendable, Equatable {
        public let path: String
        public let size: Int64
        public let modifiedNs: Int64
        public let pointCount: Int
        /// Why the file gave no track, when it could not be read.
        public let error: PhotoRecord.Failure?
    }

    /// The track stored for `path`, points left out.
    public func storedTrack(at path: String) throws -> StoredTrack? {
        let s = try statement("SELECT path, size, mtime_ns, points, error_kind, error_message FROM tracks WHERE path = ?")
        try s.bind(path)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return StoredTrack(row: s)
    }

    /// Every track file stored, in path order, points left out.
    public func storedTracks() throws -> [StoredTrack] {
        let s = try statement("SELECT path, size, mtime_ns, points, error_kind, error_message FROM tracks ORDER BY path")
        defer { s.reset() }
        var tracks: [StoredTrack] = []
        while try s.step() { tracks.append(StoredTrack(row: s)) }
        return tracks
    }

    /// Stores what a track file gave: its points, or the error that kept it from giving any.
    public func saveTrack(path: String, size: Int64, modifiedNs: Int64, track: GPXTrack?, error: PhotoRecord.Failure?, run: Int64?) throws {
        let s = try statement("""
            INSERT OR REPLACE INTO tracks (path, size, mtime_ns, points, first_time, last_time, data, error_kind, error_message, run)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let iso = ISO8601DateFormatter()
        try s.bind(path, size, modifiedNs, track?.points.count ?? 0, track?.points.first.map { iso.string(from: $0.time) },
                   track?.points.last.map { iso.string(from: $0.time) }, track?.encoded, error?.kind, error?.message, run)
        try s.run()
    }

    /// The tracks with points, in path order.
    public func tracks() throws -> [(path: String, track: GPXTrack)] {
        let s = try statement("SELECT path, data FROM tracks WHERE points > 0 ORDER BY path")
        defer { s.reset() }
        var tracks: [(String, GPXTrack)] = []
        while try s.step() {
            guard let path = s.string(0) else { continue }
            guard let track = GPXTrack(encoded: s.blob(1)) else { throw TravelLogError.damagedTrack(self.path, path) }
            tracks.append((path, track))
        }
        return tracks
    }

    /// Forgets the tracks at or below `roots` whose paths are not in `present`: files the walk
    /// no longer found. Returns how many.
    public func removeTracks(under roots: [String], except present: Set<String>) throws -> Int {
        let gone = try paths(in: "tracks", under: roots).filter { !present.contains($0) }
        let delete = try statement("DELETE FROM tracks WHERE path = ?")
        for path in gone { try delete.bind(path).run() }
        return gone.count
    }

    /// The paths of `table` at or below any of `roots`.
    func paths(in table: String, under roots: [String]) throws -> [String] {
        let s = try statement("SELECT path FROM \(table) WHERE path = ? OR substr(path, 1, length(?) + 1) = ? || '/'")
        defer { s.reset() }
        var paths: [String] = []
        for root in roots {
            try s.bind(root, root, root)
            while try s.step() { if let path = s.string(0) { paths.append(path) } }
            s.reset()
        }
        return paths
    }

    /// The photos a track may place: readable, present, with a capture time and no position
    /// of their own, and those a track placed before (their track may have changed), in id order.
    public func trackCandidates() throws -> [(id: Int64, record: PhotoRecord)] {
        let columns = PhotoRecord.columns.joined(separator: ", ")
        let s = try statement("""
            SELECT \(columns), id FROM photos
            WHERE error_kind IS NULL AND missing_since IS NULL AND taken_local IS NOT NULL
              AND (latitude IS NULL OR position_source = 'track')
            ORDER BY id
            """)
        defer { s.reset() }
        var rows: [(Int64, PhotoRecord)] = []
        while try s.step() { rows.append((Int64(s.int(Int32(PhotoRecord.columns.count))), PhotoRecord(row: s))) }
        return rows
    }
}

extension TravelLog.StoredTrack {
    init(row s: Statement) {
        path = s.string(0) ?? ""
        (size, modifiedNs, pointCount) = (Int64(s.int(1)), Int64(s.int(2)), s.int(3))
        error = s.string(4).map { PhotoRecord.Failure(kind: $0, message: s.string(5) ?? $0) }
    }
}
