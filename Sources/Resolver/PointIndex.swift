import CGlibc
import Foundation
import Gazetteer
import TableCache

/// Points (cities or airports) in memory for nearest-neighbour search on the sphere: sorted by
/// latitude into 0.25° strips, and by longitude within a strip.
///
/// A search binary-searches each strip of the latitude window to the longitude span of the
/// spherical cap it asks about, so it touches only points in that cap's bounding box, and
/// compares chord lengths between unit vectors (no trigonometry per point). It starts narrow
/// and widens only while the cap is empty: a point found inside a cap of radius r is nearer
/// than anything outside it.
///
/// Several indexes (the world, each region) share one ``PointStorage`` and differ only in
/// which of its points they list.
///
/// ```swift
/// let storage = PointStorage(latitudes: lats, longitudes: lons)
/// let world = PointIndex(storage: storage, members: nil)
/// world.nearest(latitude: 45.76, longitude: 4.83)   // (member, km)
/// ```
///
/// Immutable; safe to share between threads.
struct PointIndex: Sendable {
    let storage: PointStorage
    /// Positions in `storage`, in strip-then-longitude order; empty for an index of every point,
    /// whose position k is storage point k (one array fewer to read, and to miss in cache).
    let positions: Column<Int32>
    /// The longitude at each position, side by side: the binary search reads 4 bytes a step
    /// from one small array instead of a 32-byte point through `positions`.
    let longitudes: Column<Float>
    let firstStrip: Int
    let stripStart: [Int32]

    /// The probes of a nearest search, narrow first since most photos are near a town, each
    /// 2.5 times wider than the last (0.035° first; of the settings tried on the benchmark's
    /// points, 0.0125–0.05° and ×2–×4 were all within 6%).
    static let probes: [Radius] = (0..<12).map { Radius(degrees: min(180, 0.035 * pow(2.5, Double($0)))) }
    static let kmPerDegree = GeoCoordinate.earthRadiusKm * Double.pi / 180

    /// A search radius with its sine and squared chord, computed once rather than per search.
    struct Radius: Sendable {
        let degrees: Double
        let sine: Double
        let squaredChord: Double

        init(degrees: Double) {
            self.degrees = degrees
            sine = sin(degrees * .pi / 180)
            squaredChord = PointStorage.squaredChord(degrees: degrees)
        }
    }

    /// An index over the storage points whose member `include` accepts (all when nil).
    init(storage: PointStorage, include: ((Int32) -> Bool)? = nil) {
        self.storage = storage
        if let include {
            let positions = storage.points.indices.filter { include(storage.points[$0].member) }.map(Int32.init)
            (firstStrip, stripStart) = Self.strips(positions.lazy.map { Int(storage.strips[Int($0)]) })
            (self.positions, longitudes) = (Column(positions), Column(positions.map { storage.points[Int($0)].longitude }))
        } else {
            positions = []
            (firstStrip, stripStart) = Self.strips(storage.strips.lazy.map { Int($0) })
            longitudes = Column(storage.points.map(\.longitude))
        }
    }

    /// One index per group (`group[member]`, negative for none): the positions sorted by group
    /// (a stable counting sort, so each group keeps storage order), then cut into groups.
    static func grouped(storage: PointStorage, group: [Int32], groupCount: Int) -> [PointIndex] {
        var start = [Int](repeating: 0, count: groupCount + 1)
        for point in storage.points where group[Int(point.member)] >= 0 { start[Int(group[Int(point.member)]) + 1] += 1 }
        for g in 0..<groupCount { start[g + 1] += start[g] }
        var next = start
        let sorted = [Int32](unsafeUninitializedCapacity: start[groupCount]) { out, count in
            for (position, point) in storage.points.enumerated() where group[Int(point.member)] >= 0 {
                let g = Int(group[Int(point.member)])
                out[next[g]] = Int32(position)
                next[g] += 1
            }
            count = start[groupCount]
        }
        return (0..<groupCount).map { PointIndex(storage: storage, sortedPositions: Array(sorted[start[$0]..<start[$0 + 1]])) }
    }

    /// An index from its parts as ``archive(into:)`` keeps them, already checked.
    init(storage: PointStorage, positions: Column<Int32>, longitudes: Column<Float>, firstStrip: Int, stripStart: [Int32]) {
        (self.storage, self.positions, self.longitudes, self.firstStrip, self.stripStart) = (storage, positions, longitudes, firstStrip, stripStart)
    }

    private init(storage: PointStorage, sortedPositions: [Int32]) {
        self.storage = storage
        positions = Column(sortedPositions)
        longitudes = Column(sortedPositions.map { storage.points[Int($0)].longitude })
        (firstStrip, stripStart) = Self.strips(sortedPositions.lazy.map { Int(storage.strips[Int($0)]) })
    }

    private static func strips(_ strips: some BidirectionalCollection<Int>) -> (Int, [Int32]) {
        guard let firstStrip = strips.first, let last = strips.last else { return (0, [0]) }
        var start = [Int32](repeating: 0, count: last - firstStrip + 2)
        for strip in strips { start[strip - firstStrip + 1] += 1 }
        for i in 0..<(start.count - 1) { start[i + 1] += start[i] }
        return (firstStrip, start)
    }

    var isEmpty: Bool { longitudes.isEmpty }

    /// Calls `body(member, squaredChord)` for every point within `radius` (angular).
    @inline(__always)
    func forEach(within radius: Radius, of query: PointQuery, _ body: (Int32, Double) -> Void) {
        guard !longitudes.isEmpty else { return }
        let (latitude, longitude, q) = (query.latitude, query.longitude, query)
        let (radiusDegrees, limit) = (radius.degrees, radius.squaredChord)
        // Longitude half-width of the spherical cap, widened by the Float rounding of stored
        // longitudes. x / sqrt(1 - x²) = tan(asin x) bounds asin x from above, closely for the
        // small x asked here: a slightly wider window, no asin per search.
        var span = 180.0
        if abs(latitude) + radiusDegrees < 89.9 {
            let s = radius.sine / query.cosLatitude
            if s < 1 { span = min(180, s / (1 - s * s).squareRoot() * 180 / .pi + 1e-4) }
        }
        // A hair wider than the cap, for the rounding of a chord compared with its limit.
        let lowStrip = max(firstStrip, PointStorage.strip(latitude - radiusDegrees - 1e-7))
        let highStrip = min(firstStrip + stripStart.count - 2, PointStorage.strip(latitude + radiusDegrees + 1e-7))
        guard lowStrip <= highStrip else { return }
        // One longitude range, or two where the cap crosses the antimeridian.
        var first = (longitude - span, longitude + span), second = (1.0, 0.0)
        if span >= 180 { first = (-181, 181) }
        else if longitude - span < -180 { (first, second) = ((longitude - span + 360, 181), (-181, longitude + span)) }
        else if longitude + span > 180 { (first, second) = ((longitude - span, 181), (-181, longitude + span - 360)) }
        // Unchecked access: this loop is most of a city search.
        let identity = positions.isEmpty
        storage.points.withUnsafeBufferPointer { points in positions.withUnsafeBufferPointer { positions in
        longitudes.withUnsafeBufferPointer { longitudes in
            @inline(__always) func scan(_ start: Int, _ end: Int, _ west: Double, _ east: Double) {
                // The first position at or east of `west`.
                var (k, high) = (start, end)
                let target = Float(west)
                while k < high {
                    let mid = (k + high) / 2
                    if longitudes[mid] < target { k = mid + 1 } else { high = mid }
                }
                while k < end {
                    if Double(longitudes[k]) > east { break }
                    let p = points[identity ? k : Int(positions[k])]
                    let (dx, dy, dz) = (p.x - q.x, p.y - q.y, p.z - q.z)
                    let chord = dx * dx + dy * dy + dz * dz
                    if chord <= limit { body(p.member, chord) }
                    k += 1
                }
            }
            for strip in lowStrip...highStrip {
                let (start, end) = (Int(stripStart[strip - firstStrip]), Int(stripStart[strip - firstStrip + 1]))
                guard start < end else { continue }
                scan(start, end, first.0, first.1)
                if second.0 <= second.1 { scan(start, end, second.0, second.1) }
            }
        } } }
    }

    /// The nearest point and its distance in km; `precedes(a, b)` orders members at equal distance.
    func nearest(to query: PointQuery, precedes: (Int32, Int32) -> Bool) -> (member: Int32, km: Double)? {
        nearest(to: query, where: { _ in true }, precedes: precedes)
    }

    /// The nearest point whose member `accept` takes.
    @inline(__always)
    func nearest(to query: PointQuery, where accept: (Int32) -> Bool, precedes: (Int32, Int32) -> Bool) -> (member: Int32, km: Double)? {
        guard !longitudes.isEmpty else { return nil }
        for radius in Self.probes {
            var best: (member: Int32, chord: Double)?
            forEach(within: radius, of: query) { member, chord in
                guard accept(member) else { return }
                if best == nil || chord < best!.chord || (chord == best!.chord && precedes(member, best!.member)) { best = (member, chord) }
            }
            if let best { return (best.member, PointStorage.kilometres(squaredChord: best.chord)) }
            if radius.degrees >= 180 { break }
        }
        return nil
    }

}

/// A search position with its unit vector, computed once for all the searches of a resolution.
struct PointQuery {
    let latitude: Double, longitude: Double
    let x: Double, y: Double, z: Double
    let cosLatitude: Double

    init(latitude: Double, longitude: Double) {
        (self.latitude, self.longitude) = (latitude, longitude)
        (x, y, z, cosLatitude) = PointStorage.unitVector(latitude, longitude)
    }
}

/// The points themselves, sorted by strip and longitude: coordinates for the search bounds and
/// unit vectors for distances.
final class PointStorage: Sendable {
    /// What a search reads of a point, together: one cache line holds two.
    struct Point: Sendable {
        let x: Double, y: Double, z: Double
        let longitude: Float
        /// What the point stands for: its index in the caller's table.
        let member: Int32
    }

    /// Each point's strip, from its latitude as given (a strip from the rounded Float could
    /// disagree with the sort order at a strip's edge).
    let strips: Column<UInt16>
    let points: Column<Point>

    /// Points already sorted, as ``archive(into:)`` keeps them.
    init(strips: Column<UInt16>, points: Column<Point>) {
        (self.strips, self.points) = (strips, points)
    }

    init(latitudes: [Double], longitudes: [Double]) {
        let order = Self.stripLongitudeOrder(latitudes: latitudes, longitudes: longitudes)
        (strips, points) = (Column(order.map { UInt16(Self.strip(ofWord: $0)) }), Column(order.map { word in
            let i = Self.index(word)
            let v = Self.unitVector(latitudes[i], longitudes[i])
            return Point(x: v.x, y: v.y, z: v.z, longitude: Float(longitudes[i]), member: Int32(i))
        }))
    }

    /// Strips are the rows of ``QuarterDegreeGrid``, 0.25° tall: a first probe of a few km then
    /// reads a narrow band, not a whole degree of latitude (1° strips made the scan read several
    /// times more points than the cap held; on the benchmark's points 0.1°, 0.2° and 0.25° were
    /// within 1%, 0.05° worse).
    @inline(__always) static func strip(_ latitude: Double) -> Int { QuarterDegreeGrid.row(latitude) }

    /// Points in strip, then longitude (10⁻⁶°), then index order, as words whose low 24 bits are
    /// the point's index (``index(_:)``): a least-significant-digit radix sort, stable, so equal
    /// keys keep index order. Each word holds its 39-bit key (10-bit strip, 29-bit longitude)
    /// above the index, and four 10-bit passes over the key bits move whole words: no
    /// indirection through an order array. A comparison sort of 235k cities took most of the
    /// loading time.
    static func stripLongitudeOrder(latitudes: [Double], longitudes: [Double]) -> [UInt64] {
        let n = latitudes.count
        precondition(n < 1 << indexBits, "more than 2²⁴ points")
        var words = [UInt64](unsafeUninitializedCapacity: n) { words, count in
            for i in 0..<n {
                let key = UInt64(strip(latitudes[i])) << longitudeBits | UInt64((longitudes[i] + 180) * 1_000_000)
                words[i] = key << indexBits | UInt64(i)
            }
            count = n
        }
        var scratch = words
        for shift in stride(from: indexBits, to: 64, by: 10) {
            words.withUnsafeBufferPointer { from in scratch.withUnsafeMutableBufferPointer { to in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 1025) { counts in
                    counts.initialize(repeating: 0)
                    for w in from { counts[Int(w >> shift & 1023) + 1] += 1 }
                    for d in 0..<1024 { counts[d + 1] += counts[d] }
                    for w in from {
                        let d = Int(w >> shift & 1023)
                        to[counts[d]] = w
                        counts[d] += 1
                    }
                }
            } }
            swap(&words, &scratch)
        }
        return words
    }

    /// A sort word, from the lowest bits: the point's index, its longitude in 10⁻⁶° from
    /// -180° (360 × 10⁶ < 2²⁹), its strip.
    private static let indexBits: UInt64 = 24, longitudeBits: UInt64 = 29

    /// The point's index in a word of ``stripLongitudeOrder(latitudes:longitudes:)``.
    @inline(__always) static func index(_ word: UInt64) -> Int { Int(word & ((1 << indexBits) - 1)) }

    /// The point's strip, from the same word.
    @inline(__always) static func strip(ofWord word: UInt64) -> Int { Int(word >> (indexBits + longitudeBits)) }

    /// The unit vector, and the cosine of the latitude it was made with.
    @inline(__always) static func unitVector(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double, z: Double, cosLatitude: Double) {
        let (sinPhi, cosPhi) = sineAndCosine(latitude * .pi / 180)
        let (sinLambda, cosLambda) = sineAndCosine(longitude * .pi / 180)
        return (cosPhi * cosLambda, cosPhi * sinLambda, sinPhi, cosPhi)
    }

    /// Both for little more than one: glibc's `sincos` shares the argument reduction and gives
    /// the values `sin` and `cos` give. The load makes two pairs per city.
    @inline(__always) static func sineAndCosine(_ x: Double) -> (sin: Double, cos: Double) {
        #if canImport(Glibc)
        var (s, c) = (0.0, 0.0)
        sincos(x, &s, &c)
        return (s, c)
        #else
        return (sin(x), cos(x))
        #endif
    }

    /// The squared chord of an angle (on the unit sphere).
    static func squaredChord(degrees: Double) -> Double {
        let c = 2 * sin(min(180, degrees) * .pi / 360)
        return c * c
    }

    static func kilometres(squaredChord: Double) -> Double {
        2 * asin(min(1, squaredChord.squareRoot() / 2)) * GeoCoordinate.earthRadiusKm
    }
}
