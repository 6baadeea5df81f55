import Gazetteer
import TableCache

/// The parts of a region (or a region-less country) that lie in another time zone than the
/// region's own: the Navajo Nation inside Arizona, the Central-time counties of Indiana.
/// A point of such a region takes the zone of the piece it lies in, else the region's.
///
/// Each piece keeps its edges filed by latitude bands, so a test reads only the edges of the
/// point's band: a ray cast east over them, with the half-open crossing rule of
/// ``BoundaryIndex``. The land zones whole, territorial sea included, load the same way
/// (``loadZones(from:)``), each owned by its country's code.
///
/// ```swift
/// let pieces = try ZonePieces.load(from: gazetteer)
/// pieces.zone(at: GeoCoordinate(latitude: 35.6833, longitude: -109.0500), in: "region:US.AZ")   // "America/Denver"
/// ```
///
/// Immutable after loading: safe to share between threads.
public struct ZonePieces: Sendable {
    struct Piece: Sendable {
        let zone: String, owner: String
        let areaKm2: Double
        let minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
        /// Where this piece's bands start in `bandStarts` (one more entry than bands).
        let firstBand: Int
        let bands: Int
    }

    /// Latitude band height, in 10⁻⁵ degrees (0.05°).
    static let bandHeight: Int32 = 5_000
    let pieces: [Piece]
    /// The pieces of each owner (`region:US.AZ`, `country:VA`), smallest first.
    let byOwner: [String: [Int]]
    /// Edge start vertices (edge i runs from vertex i to i + 1 of `xs`/`ys`), band by band.
    let bandEdges: Column<Int32>
    let bandStarts: [Int32]
    let xs: Column<Int32>, ys: Column<Int32>

    /// Each piece's zone and owner, in piece order.
    public var assignments: [(zone: String, owner: String)] { pieces.map { ($0.zone, $0.owner) } }

    /// Files the rings of each piece (closed, vertices × 10⁵ degrees) into latitude bands.
    /// `pieces` is (zone, owner, area, rings as ranges of `xs`/`ys`).
    ///
    /// Two passes over the edges: the first finds each piece's box and how many band entries
    /// all pieces take, the second writes them into arrays made once at that size. The land
    /// zones file 1.5 million edges at every load of the sea zones: grown by appending, the
    /// arrays were copied a dozen times, and each index was checked (17–25 ms, now 13).
    init(pieces input: [(zone: String, owner: String, areaKm2: Double, rings: [Range<Int>])], xs: [Int32], ys: [Int32]) {
        let height = Self.bandHeight
        var boxes: [(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32)?] = []
        boxes.reserveCapacity(input.count)
        var entries = 0, bandCount = 0, widest = 0
        ys.withUnsafeBufferPointer { ys in xs.withUnsafeBufferPointer { xs in
            for p in input {
                var (minX, minY, maxX, maxY) = (Int32.max, Int32.max, Int32.min, Int32.min)
                for ring in p.rings {
                    for i in ring {
                        (minX, maxX) = (min(minX, xs[i]), max(maxX, xs[i]))
                        (minY, maxY) = (min(minY, ys[i]), max(maxY, ys[i]))
                    }
                }
                guard minX <= maxX else { boxes.append(nil); continue }
                boxes.append((minX, minY, maxX, maxY))
                let bands = Int((maxY - minY) / height) + 1
                (bandCount, widest) = (bandCount + bands, max(widest, bands))
                Self.forEachEdge(of: p.rings, ys, minY: minY) { _, low, high in entries += high - low + 1 }
            }
        } }

        var pieces: [Piece] = []
        pieces.reserveCapacity(input.count)
        var bandEdges = [Int32](repeating: 0, count: entries), bandStarts = [Int32](repeating: 0, count: bandCount + 1)
        // Each piece by a counting sort: a count per band, the counts summed into starts, then
        // each edge at its band's cursor, in every band it spans.
        var cursor = [Int](repeating: 0, count: widest + 1)
        var filled = 0, bandsFilled = 0
        ys.withUnsafeBufferPointer { ys in
            bandEdges.withUnsafeMutableBufferPointer { edges in bandStarts.withUnsafeMutableBufferPointer { starts in
                cursor.withUnsafeMutableBufferPointer { cursor in
                    for (p, box) in zip(input, boxes) {
                        guard let box else { continue }
                        let bands = Int((box.maxY - box.minY) / height) + 1
                        for b in 0...bands { cursor[b] = 0 }
                        Self.forEachEdge(of: p.rings, ys, minY: box.minY) { _, low, high in
                            for b in low...high { cursor[b + 1] += 1 }
                        }
                        for b in 0..<bands { cursor[b + 1] += cursor[b] }
                        for b in 1...bands { starts[bandsFilled + b] = Int32(filled + cursor[b]) }
                        Self.forEachEdge(of: p.rings, ys, minY: box.minY) { i, low, high in
                            for b in low...high {
                                edges[filled + cursor[b]] = Int32(i)
                                cursor[b] += 1
                            }
                        }
                        pieces.append(Piece(zone: p.zone, owner: p.owner, areaKm2: p.areaKm2, minX: box.minX, minY: box.minY,
                                            maxX: box.maxX, maxY: box.maxY, firstBand: bandsFilled, bands: bands))
                        filled += cursor[bands - 1]
                        bandsFilled += bands
                    }
                }
            } }
        }
        self.init(pieces: pieces, bandEdges: Column(bandEdges), bandStarts: bandStarts, xs: Column(xs), ys: Column(ys))
    }

    /// Pieces already filed into their bands; each owner's list is made here, smallest first.
    init(pieces: [Piece], bandEdges: Column<Int32>, bandStarts: [Int32], xs: Column<Int32>, ys: Column<Int32>) {
        var byOwner: [String: [Int]] = [:]
        for (k, piece) in pieces.enumerated() { byOwner[piece.owner, default: []].append(k) }
        for (owner, list) in byOwner {
            byOwner[owner] = list.sorted { Self.precedes(pieces[$0], pieces[$1]) }
        }
        (self.pieces, self.byOwner, self.bandEdges, self.bandStarts, self.xs, self.ys) = (pieces, byOwner, bandEdges, bandStarts, xs, ys)
    }

    /// Calls `body` with each edge of `rings` (closed) and the first and last band it spans.
    @inline(__always)
    private static func forEachEdge(of rings: [Range<Int>], _ ys: UnsafeBufferPointer<Int32>, minY: Int32,
                                    _ body: (_ edge: Int, _ low: Int, _ high: Int) -> Void) {
        for ring in rings where ring.count > 1 {
            for i in ring.lowerBound..<(ring.upperBound - 1) {
                let (a, b) = (ys[i], ys[i + 1])
                body(i, Int((min(a, b) - minY) / bandHeight), Int((max(a, b) - minY) / bandHeight))
            }
        }
    }

    /// The zone of the piece of `owner` containing the coordinate, or nil when the point lies in
    /// none (it then has its owner's own zone).
    public func zone(at coordinate: GeoCoordinate, in owner: String) -> String? {
        byOwner[owner].flatMap { zone(at: coordinate, amongPieces: $0) }
    }

    /// The piece list of each owner, for a caller that looks owners up by its own index.
    public func pieces(of owner: String) -> [Int] { byOwner[owner] ?? [] }

    /// Every piece, smallest first (then by zone), for a search of them all.
    public var smallestFirst: [Int] {
        pieces.indices.sorted { Self.precedes(pieces[$0], pieces[$1]) }
    }

    /// Where pieces overlap, the smaller answers, then the zone's name: a fixed order.
    private static func precedes(_ a: Piece, _ b: Piece) -> Bool {
        (a.areaKm2, a.zone) < (b.areaKm2, b.zone)
    }

    /// The zone of the first of `candidates` (piece positions, as ``pieces(of:)`` gives them)
    /// that contains the coordinate.
    public func zone(at coordinate: GeoCoordinate, amongPieces candidates: [Int]) -> String? {
        piece(at: coordinate, amongPieces: candidates)?.zone
    }

    /// The zone and owner of the first of `candidates` that contains the coordinate.
    public func piece(at coordinate: GeoCoordinate, amongPieces candidates: [Int]) -> (zone: String, owner: String)? {
        pieceIndex(at: coordinate, amongPieces: candidates).map { (pieces[$0].zone, pieces[$0].owner) }
    }

    /// The position (in ``assignments``) of the first of `candidates` that contains the
    /// coordinate: what a caller that keeps its own table of the zones' names asks, so that no
    /// `String` is copied per point.
    public func pieceIndex(at coordinate: GeoCoordinate, amongPieces candidates: [Int]) -> Int? {
        pieceIndex(at: coordinate, amongPieces: candidates[...])
    }

    func pieceIndex(at coordinate: GeoCoordinate, amongPieces candidates: some Sequence<Int>) -> Int? {
        let px = coordinate.longitude * 100_000, py = coordinate.latitude * 100_000
        for k in candidates {
            // Field by field: a copy of the piece would retain its two strings.
            let (minX, minY, maxX, maxY) = (pieces[k].minX, pieces[k].minY, pieces[k].maxX, pieces[k].maxY)
            guard px >= Double(minX), px <= Double(maxX), py >= Double(minY), py <= Double(maxY) else { continue }
            let (firstBand, bands) = (pieces[k].firstBand, pieces[k].bands)
            let band = min(bands - 1, Int((py - Double(minY)) / Double(Self.bandHeight)))
            var inside = false
            for e in bandEdges[Int(bandStarts[firstBand + band])..<Int(bandStarts[firstBand + band + 1])] {
                let i = Int(e)
                let (xa, ya, xb, yb) = (Double(xs[i]), Double(ys[i]), Double(xs[i + 1]), Double(ys[i + 1]))
                if (ya > py) != (yb > py), px < xa + (py - ya) * (xb - xa) / (yb - ya) { inside.toggle() }
            }
            if inside { return k }
        }
        return nil
    }
}
