import SQLite

extension TravelLog {
    /// Saves `edit` after every edit before it; returns its sequence number.
    @discardableResult
    public func saveTripEdit(_ edit: TripEdit) throws -> Int64 {
        try write {
            let s = try statement("INSERT INTO trip_edits (kind, date, until, title, made_at) VALUES (?, ?, ?, ?, ?)")
            try s.bind(edit.kind.rawValue, edit.date, edit.until, edit.title, Self.timestamp())
            try s.run()
            return database.lastInsertRowID
        }
    }

    /// Removes the edits of these sequence numbers; returns how many there were.
    @discardableResult
    public func removeTripEdits(_ sequences: [Int64]) throws -> Int {
        try write {
            var removed = 0
            for sequence in sequences {
                let s = try statement("DELETE FROM trip_edits WHERE id = ?")
                try s.bind(sequence)
                try s.run()
                removed += database.changes
            }
            return removed
        }
    }

    /// Every edit in the order made; none in a log older than schema 7 opened read-only.
    public func tripEdits() throws -> [TripEdit] {
        guard try schemaVersion() >= 7 else { return [] }
        let s = try statement("SELECT id, kind, date, until, title FROM trip_edits ORDER BY id")
        defer { s.reset() }
        var out: [TripEdit] = []
        while try s.step() {
            // A kind this version does not know (a newer program's) is left alone, not misread.
            guard let kind = TripEdit.Kind(rawValue: s.string(1) ?? "") else { continue }
            out.append(TripEdit(kind: kind, date: s.string(2) ?? "", until: s.string(3), title: s.string(4), sequence: Int64(s.int(0))))
        }
        return out
    }
}
