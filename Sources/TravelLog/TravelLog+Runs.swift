import Foundation
import SQLite

extension TravelLog {
    /// Records the start of an import and returns its id.
    public func beginRun(roots: [String], gazetteerVersion: String?) throws -> Int64 {
        try write {
            let s = try statement("INSERT INTO import_runs (roots, started_at, gazetteer_version) VALUES (?, ?, ?) RETURNING id")
            try s.bind(roots.joined(separator: "\n"), Self.timestamp(), gazetteerVersion)
            defer { s.reset() }
            _ = try s.step()
            return Int64(s.int(0))
        }
    }

    /// Runs still marked running when the caller holds the import lock died without finishing.
    public func abandonStaleRuns() throws {
        try database.execute("UPDATE import_runs SET status = 'abandoned' WHERE status = 'running'")
    }

    public func finishRun(_ id: Int64, status: ImportRun.Status, counts: ImportRun.Counts) throws {
        try write {
            let s = try statement("""
                UPDATE import_runs SET ended_at = ?, status = ?, seen = ?, added = ?, changed = ?, unchanged = ?,
                    moved = ?, missing = ?, errors = ? WHERE id = ?
                """)
            try s.bind(Self.timestamp(), status.rawValue, counts.seen, counts.added, counts.changed, counts.unchanged,
                       counts.moved, counts.missing, counts.errors, id)
            try s.run()
        }
    }

    /// Every run, oldest first.
    public func runs() throws -> [ImportRun] {
        let s = try database.prepare("""
            SELECT id, roots, started_at, ended_at, status, seen, added, changed, unchanged, moved, missing, errors
            FROM import_runs ORDER BY id
            """)
        var runs: [ImportRun] = []
        while try s.step() {
            var counts = ImportRun.Counts()
            (counts.seen, counts.added, counts.changed, counts.unchanged) = (s.int(5), s.int(6), s.int(7), s.int(8))
            (counts.moved, counts.missing, counts.errors) = (s.int(9), s.int(10), s.int(11))
            runs.append(ImportRun(id: Int64(s.int(0)), roots: (s.string(1) ?? "").split(separator: "\n").map(String.init),
                                  startedAt: s.string(2) ?? "", endedAt: s.string(3),
                                  status: ImportRun.Status(rawValue: s.string(4) ?? "") ?? .abandoned, counts: counts))
        }
        return runs
    }

    static func timestamp(_ date: Date = Date()) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
