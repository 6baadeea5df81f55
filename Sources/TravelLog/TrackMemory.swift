/// The track points of the days a series of inserts created, held between their transactions:
/// a first import writes a day's photos out of time order, and a stored track day cannot be
/// extended by a point that comes before its last (its kilometres are summed in time order).
/// Such a day is noted stale as before, and its points are kept here; at the end of the series
/// the stale days held are computed once from their points (``TravelLog/writeHeldTrackDays()``),
/// exactly as from their photos, instead of every photo of the library being read back for
/// them (0.49 G of the 7.9 G instructions of a 20,000-photo first import). A series killed
/// before its end leaves the days stale, as without this memory.
///
/// ```swift
/// var memory = TrackMemory()
/// memory.began(day, with: points)        // the day had no stored row
/// memory.add(more, to: day)              // kept only while the day is held
/// let all = memory.points(of: day)       // nil: not every point is held
/// ```
///
/// A day is held only from its first point on (no stored row when the fold met it), and only
/// while every photo of it goes through the fold: a write the fold cannot follow drops them
/// all. At most ``capacity`` points are held: past it everything is dropped and nothing more
/// is kept, so a library of a million costs no more memory than before. A value type.
struct TrackMemory {
    /// Points held at most, across all days: about 120 bytes each (the time and the path back
    /// to back in one buffer a day, 32 bytes of position and offsets), 14 MB at most. Held as
    /// ``TrackDay/Point`` values (two strings of their own, 180 bytes), 50,000 fitted in 9 MB,
    /// and a 100,000-photo first import then computed every day from its photos at its end:
    /// 4.0 s against 3.6 s holding them all.
    static let capacity = 120_000

    /// This memory's limit (``capacity``, less in tests).
    let capacity: Int
    private var days: [String: Points] = [:]
    private var count = 0
    /// False once the capacity was passed: nothing is held again.
    private var isOpen = true

    init(capacity: Int = Self.capacity) { self.capacity = capacity }

    /// The days held.
    var heldDays: Dictionary<String, Points>.Keys { days.keys }

    /// Every point of `day`, when they are held.
    func points(of day: String) -> [TrackDay.Point]? { days[day]?.points }

    /// A day that had no stored row: its points are all it has.
    mutating func began(_ day: String, with points: [TrackDay.Point]) {
        forget(day)
        guard isOpen else { return }
        guard count + points.count <= capacity else { return close() }
        var held = Points()
        held.append(points)
        days[day] = held
        count += points.count
    }

    /// More points of `day`, kept when the day is held.
    mutating func add(_ points: [TrackDay.Point], to day: String) {
        guard days[day] != nil else { return }
        guard count + points.count <= capacity else { return close() }
        days[day]?.append(points)
        count += points.count
    }

    /// New points of a day with a stored row (extended in time order, or noted stale now):
    /// held on when `stored` counts exactly the points held, dropped otherwise.
    mutating func extended(_ day: String, stored: TrackDay, with points: [TrackDay.Point]) {
        guard days[day]?.count == stored.photos else { return forget(day) }
        add(points, to: day)
    }

    /// A day whose photos changed otherwise than through the fold.
    mutating func forget(_ day: String) {
        if let held = days.removeValue(forKey: day) { count -= held.count }
    }

    /// Drops every day: a write the fold could not follow.
    mutating func clear() {
        days = [:]
        count = 0
    }

    /// Drops every day and holds nothing more.
    private mutating func close() {
        clear()
        isOpen = false
    }

    /// A day's points, their texts in one buffer: two strings a point cost twice the memory.
    struct Points {
        private var text: [UInt8] = []
        private var entries: [Entry] = []

        private struct Entry {
            var start: Int, timeCount: UInt32, pathCount: UInt32
            var latitude: Double, longitude: Double
        }

        var count: Int { entries.count }

        mutating func append(_ points: [TrackDay.Point]) {
            for point in points {
                let start = text.count
                text += point.time.utf8
                let timeCount = text.count - start
                text += point.path.utf8
                // A path is at most PATH_MAX bytes, a time a few dozen.
                entries.append(Entry(start: start, timeCount: UInt32(clamping: timeCount), pathCount: UInt32(clamping: text.count - start - timeCount),
                                     latitude: point.latitude, longitude: point.longitude))
            }
        }

        var points: [TrackDay.Point] {
            text.withUnsafeBufferPointer { bytes in
                entries.map { e in
                    let time = e.start, path = time + Int(e.timeCount)
                    return TrackDay.Point(time: String(decoding: bytes[time..<path], as: UTF8.self),
                                          path: String(decoding: bytes[path..<path + Int(e.pathCount)], as: UTF8.self),
                                          latitude: e.latitude, longitude: e.longitude)
                }
            }
        }
    }
}
