import TableCache

extension PointStorage {
    /// The points as ``TableCache`` keeps them; read back by ``init(unarchiving:members:)``.
    func archive(into archive: inout ArchiveWriter) {
        archive.append(strips)
        archive.append(points)
    }

    /// Points as ``archive(into:)`` wrote them, each standing for one of `members` rows.
    convenience init(unarchiving archive: inout ArchiveReader, members: Int) throws {
        let strips = try archive.column(of: UInt16.self), points = try archive.column(of: Point.self)
        guard strips.count == points.count, strips.allSatisfy({ Int($0) < QuarterDegreeGrid.rows }),
              points.allSatisfy({ $0.member >= 0 && Int($0.member) < members }) else {
            throw ArchiveError(offset: 0, reason: "point storage: a strip or a member out of range")
        }
        self.init(strips: strips, points: points)
    }
}

extension PointIndex {
    /// The index without its storage, which several indexes share and the caller archives once.
    func archive(into archive: inout ArchiveWriter) {
        archive.append(positions)
        archive.append(longitudes)
        archive.append(firstStrip)
        archive.append(stripStart)
    }

    /// An index over `storage` as ``archive(into:)`` wrote it, checked so that no search reads
    /// outside its arrays.
    init(unarchiving archive: inout ArchiveReader, storage: PointStorage) throws {
        let positions = try archive.column(of: Int32.self), longitudes = try archive.column(of: Float.self)
        let firstStrip = try archive.int(), stripStart = try archive.array(of: Int32.self)
        let count = storage.points.count
        guard positions.allSatisfy({ $0 >= 0 && Int($0) < count }),
              positions.isEmpty ? (longitudes.isEmpty || longitudes.count == count) : longitudes.count == positions.count,
              ArchiveReader.startsRunForward(stripStart, within: longitudes.count), stripStart.first == 0,
              stripStart.last.map(Int.init) == longitudes.count,
              firstStrip >= 0, firstStrip + stripStart.count - 2 < QuarterDegreeGrid.rows else {
            throw ArchiveError(offset: 0, reason: "point index: positions or strips out of range")
        }
        self.init(storage: storage, positions: positions, longitudes: longitudes, firstStrip: firstStrip, stripStart: stripStart)
    }
}
