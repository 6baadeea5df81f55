import Gazetteer

extension Resolver {
    /// How many coordinates a caller with millions should hand over at a time: enough for
    /// the batch `resolve(_:_:)` to find neighbours to share the cache with (on the
    /// resolver benchmark's world-wide points, 4,096 keep a quarter of the gain, 65,536 nearly
    /// all of it), and bounded memory for what it keeps of the answers.
    public static let batchSize = 65_536

    /// Resolves many coordinates, calling `body` with each one's position in `coordinates` and
    /// its place chain (as resolving it alone would answer it) or its error, given to `body` to
    /// keep (`switch consume answer`) without a copy.
    ///
    /// The coordinates are resolved in the order of the 0.25° cells they fall in, not as given:
    /// neighbours then reuse the polygon edges and cities the last one brought into the cache,
    /// and a batch of world-wide coordinates resolves a third faster or more than one at a time.
    /// A caller that needs input order puts each answer at its position; the answers are not
    /// gathered here, because an array of them would push out of the cache what the order is
    /// meant to keep in it.
    ///
    /// ```swift
    /// var names = [String?](repeating: nil, count: coordinates.count)
    /// resolver.resolve(coordinates) { i, answer in names[i] = try? answer.get().country?.name }
    /// ```
    public func resolve(_ coordinates: [GeoCoordinate], _ body: (Int, consuming Result<PlaceChain, ResolverError>) throws -> Void) rethrows {
        try resolutions(coordinates) { i, found, firstUse in try body(i, found.map { chain(of: $0, &firstUse) }) }
    }

    /// ``resolve(_:_:)`` as ``Resolution``s, each given to `body` with the tables read on first
    /// use, asked for once for the whole batch.
    func resolutions(_ coordinates: [GeoCoordinate],
                     _ body: (Int, Result<Resolution, ResolverError>, inout FirstUseTables) throws -> Void) rethrows {
        var firstUse = FirstUseTables()
        for i in Self.cellOrder(coordinates) {
            let found = Result { () throws(ResolverError) in try resolution(of: coordinates[i], &firstUse) }
            try body(i, found, &firstUse)
        }
    }

    /// Positions of `coordinates` by ``QuarterDegreeGrid`` cell, then by position within a cell
    /// (invalid coordinates first, in cell 0): a sort of one 64-bit word per coordinate.
    static func cellOrder(_ coordinates: [GeoCoordinate]) -> [Int] {
        var keys = coordinates.indices.map { i -> UInt64 in
            let c = coordinates[i]
            let cell = c.invalidReason != nil ? 0 : QuarterDegreeGrid.cell(latitude: c.latitude, longitude: c.longitude)
            return UInt64(cell) << 32 | UInt64(i)
        }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }
}
