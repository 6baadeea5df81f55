extension TravelLog {
    /// Calls `body` with each local date from `first` through `last` (`YYYY-MM-DD`, both
    /// included) that has photos, and its photos, classified by ``VisitRules``, in local time
    /// then path order: ``forEachDay(_:)`` for a trip or a year.
    ///
    /// ```swift
    /// try log.forEachDay(from: "2024-12-30", through: "2025-01-02") { date, photos in
    ///     print(date, photos.count)
    /// }
    /// ```
    ///
    /// The dates and each date's photos are found through the `photos_day` index: a year of a
    /// million-photo log reads that year's rows, not the table. Photos without a time are on no
    /// date, so never in a range; a range whose `last` comes before its `first` is empty.
    public func forEachDay(from first: String, through last: String, _ body: (String, [VisitPhoto]) throws -> Void) throws {
        let s = try statement(Self.datesInRange)
        try s.bind(first, last)
        var dates: [String] = []
        do {
            defer { s.reset() }
            while try s.step() { if let d = s.string(0), !d.isEmpty { dates.append(d) } }
        }
        for date in dates {
            let photos = VisitRules.classify(try photos(onDate: date))
            if !photos.isEmpty { try body(date, photos) }
        }
    }

    /// The local dates with photos in a range: the same expression as the index's, so SQLite
    /// walks the index from the first date.
    static let datesInRange = Query("SELECT DISTINCT substr(taken_local, 1, 10) FROM photos WHERE substr(taken_local, 1, 10) BETWEEN ? AND ? ORDER BY 1")
}
