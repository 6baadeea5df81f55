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
    /// Points held at most, across all days: about 180 bytes each (two strings, two numbers),
    /// 9 MB at most. The 20,000-photo first import peaked 3–4 MB higher holding its 20,000;
    /// the 100,000-photo one peaked at 191 MB against a goal of 200 MB, so it holds half.
    static let capacity = 50_000

    /// This memory's limit (``capacity``, less in tests).
    let capacity: Int
    private var days: [String: [TrackDay.Point]] = [:]
    private var count = 0
    /// False once the capacity was passed: nothing is held again.
    private var isOpen = true

    init(capacity: Int = Self.capacity) { self.capacity = capacity }

    /// The days held.
    var heldDays: Dictionary<String, [TrackDay.Point]>.Keys { days.keys }

    /// Every point of `day`, when they are held.
    func points(of day: String) -> [TrackDay.Point]? { days[day] }

    /// A day that had no stored row: its points are all it has.
    mutating func began(_ day: String, with points: [TrackDay.Point]) {
        forget(day)
        guard isOpen else { return }
        guard count + points.count <= capacity else { return close() }
        days[day] = points
        count += points.count
    }

    /// More points of `day`, kept when the day is held.
    mutating func add(_ points: [TrackDay.Point], to day: String) {
        guard days[day] != nil else { return }
        guard count + points.count <= capacity else { return close() }
        days[day]?.append(contentsOf: points)
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
}
