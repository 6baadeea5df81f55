import Testing
@testable import TravelLog

/// The compact form of a history's points: exact round trips, and damaged bytes refused.
@Suite struct TimedPositionTests {
    /// A deterministic walk (a linear congruential generator: no shared state between tests).
    static func walk(_ count: Int, seed: UInt64) -> [TimedPosition] {
        var state = seed
        func next(_ range: Int64) -> Int64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int64(state >> 33) % range
        }
        var (t, lat, lon) = (Int64(1_300_000_000_000), Int64(488_566_000), Int64(23_522_000))
        return (0..<count).map { _ in
            t += next(600_000)
            lat = max(-900_000_000, min(900_000_000, lat + next(2_000_001) - 1_000_000))
            lon = max(-1_800_000_000, min(1_800_000_000, lon + next(2_000_001) - 1_000_000))
            return TimedPosition(instant: t, latitudeE7: Int32(lat), longitudeE7: Int32(lon))
        }
    }

    @Test(arguments: [0, 1, 2, 4096]) func pointsComeBackExactly(count: Int) throws {
        let points = Self.walk(count, seed: UInt64(count) + 7)
        let bytes = TimedPosition.encode(points)
        #expect(TimedPosition.decode(bytes) == points)
        // A phone's steps are small: far fewer than the 16 bytes a point takes in memory.
        if count > 100 { #expect(bytes.count < count * 10) }
    }

    @Test func theExtremesOfTheWorldAndOfTimeComeBack() {
        let points = [TimedPosition(instant: -62_135_596_800_000, latitudeE7: -900_000_000, longitudeE7: -1_800_000_000),
                      TimedPosition(instant: 253_402_300_799_000, latitudeE7: 900_000_000, longitudeE7: 1_800_000_000)]
        #expect(TimedPosition.decode(TimedPosition.encode(points)) == points)
        #expect(TimedPosition(instant: 0, latitude: 90.00001, longitude: 0) == nil)
        #expect(TimedPosition(instant: 0, latitude: .nan, longitude: 0) == nil)
        #expect(TimedPosition(instant: 0, latitude: 48.85660004, longitude: 2.35220006)?.latitudeE7 == 488_566_000)
    }

    @Test func damagedBytesAreRefusedNeverTrusted() {
        let bytes = TimedPosition.encode(Self.walk(50, seed: 3))
        // Cut anywhere: refused.
        for cut in 0..<bytes.count { #expect(TimedPosition.decode(Array(bytes.prefix(cut))) == nil, "cut at \(cut)") }
        // A byte too many, a count that claims more than the bytes hold, a varint that never ends.
        #expect(TimedPosition.decode(bytes + [0]) == nil)
        #expect(TimedPosition.decode([0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) == nil)
        #expect(TimedPosition.decode([1] + [UInt8](repeating: 0x80, count: 20)) == nil)
        // Steps that carry a position beyond the pole or the antimeridian.
        #expect(TimedPosition.decode(TimedPosition.encode([TimedPosition(instant: 0, latitudeE7: 900_000_001, longitudeE7: 0)])) == nil)
        #expect(TimedPosition.decode(TimedPosition.encode([TimedPosition(instant: 0, latitudeE7: 0, longitudeE7: -1_800_000_001)])) == nil)
    }
}
