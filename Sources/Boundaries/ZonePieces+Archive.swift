import Gazetteer
import TableCache

extension ZonePieces {
    /// The pieces as ``TableCache`` keeps them; read back by ``init(unarchiving:)``.
    public func archive(into archive: inout ArchiveWriter) {
        archive.append(strings: pieces.map(\.zone))
        archive.append(strings: pieces.map(\.owner))
        archive.append(pieces.map(\.areaKm2))
        archive.append(pieces.flatMap { [$0.minX, $0.minY, $0.maxX, $0.maxY] })
        archive.append(pieces.flatMap { [Int64($0.firstBand), Int64($0.bands)] })
        archive.append(bandEdges)
        archive.append(bandStarts)
        archive.append(xs)
        archive.append(ys)
    }

    /// Pieces as ``archive(into:)`` wrote them, checked so that no test reads outside the
    /// arrays: every band within the band starts, every start within the edges, every edge
    /// within the vertices.
    public init(unarchiving archive: inout ArchiveReader) throws {
        let zones = try archive.strings(), owners = try archive.strings(), areas = try archive.array(of: Double.self)
        let boxes = try archive.array(of: Int32.self), bands = try archive.array(of: Int64.self)
        let bandEdges = try archive.column(of: Int32.self), bandStarts = try archive.array(of: Int32.self)
        let xs = try archive.column(of: Int32.self), ys = try archive.column(of: Int32.self)
        func damaged(_ what: String) -> ArchiveError { ArchiveError(offset: 0, reason: "zone pieces: \(what)") }
        let n = zones.count
        guard owners.count == n, areas.count == n, boxes.count == 4 * n, bands.count == 2 * n, xs.count == ys.count,
              !bandStarts.isEmpty else { throw damaged("the pieces' columns disagree") }
        guard bandEdges.allSatisfy({ $0 >= 0 && Int($0) + 1 < xs.count }) else { throw damaged("an edge outside the vertices") }
        guard ArchiveReader.startsRunForward(bandStarts, within: bandEdges.count) else { throw damaged("the band starts") }
        var pieces: [Piece] = []
        pieces.reserveCapacity(n)
        for k in 0..<n {
            let (firstBand, count) = (bands[2 * k], bands[2 * k + 1])
            guard firstBand >= 0, count >= 1, firstBand + count < Int64(bandStarts.count) else { throw damaged("the bands of piece \(k)") }
            pieces.append(Piece(zone: zones[k], owner: owners[k], areaKm2: areas[k], minX: boxes[4 * k], minY: boxes[4 * k + 1],
                                maxX: boxes[4 * k + 2], maxY: boxes[4 * k + 3], firstBand: Int(firstBand), bands: Int(count)))
        }
        self.init(pieces: pieces, bandEdges: bandEdges, bandStarts: bandStarts, xs: xs, ys: ys)
    }

    /// The gazetteer's `time_zone_pieces` (``load(from:)``) from `cache`, else read and kept there.
    public static func load(from gazetteer: Gazetteer, cache: TableCache?) throws -> ZonePieces {
        try TableCache.table("time_zone_pieces", in: cache, decode: { try ZonePieces(unarchiving: &$0) },
                             derive: { try load(from: gazetteer) }, encode: { $0.archive(into: &$1) })
    }

    /// The gazetteer's `time_zones` (``loadZones(from:)``) from `cache`, else read and kept there.
    public static func loadZones(from gazetteer: Gazetteer, cache: TableCache?) throws -> ZonePieces {
        try TableCache.table("time_zones", in: cache, decode: { try ZonePieces(unarchiving: &$0) },
                             derive: { try loadZones(from: gazetteer) }, encode: { $0.archive(into: &$1) })
    }
}
