import Foundation
import Gazetteer
import SyntheticPhotos
import Testing
@testable import Resolver

@Suite struct ResolverBatchTests {
    /// Land, borders, sea, both sides of 180°, the poles, and two invalid values, shuffled
    /// so that cell order differs from input order.
    private static let coordinates: [GeoCoordinate] = {
        var generator = SplitMix64(seed: 42)
        var out = (0..<3_000).map { _ in
            GeoCoordinate(latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
        }
        out += [(47.80, -104.06), (42.3001, -83.0165), (-16.7, 179.99), (-16.7, -179.99), (90, 0), (-90, 180), (0, 0)]
            .map { GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        out += [GeoCoordinate(latitude: .nan, longitude: 0), GeoCoordinate(latitude: 91, longitude: 10)]
        return out.shuffled(using: &generator)
    }()

    @Test func everyAnswerIsTheOneAloneAtItsPosition() {
        let resolver = ResolverTests.resolver
        var seen = [Int](repeating: 0, count: Self.coordinates.count)
        var order: [Int] = []
        resolver.resolve(Self.coordinates) { i, answer in
            seen[i] += 1
            order.append(i)
            switch (answer, Result { () throws(ResolverError) in try resolver.resolve(Self.coordinates[i]) }) {
            case (.success(let batch), .success(let alone)):
                #expect(batch == alone, "\(Self.coordinates[i])")
                #expect(batch.borderKm == alone.borderKm && batch.city?.distanceKm == alone.city?.distanceKm)
            case (.failure(let batch), .failure(let alone)):
                #expect(batch.reason == alone.reason)
            default:
                Issue.record("\(Self.coordinates[i]): \(answer) in the batch")
            }
        }
        #expect(seen.allSatisfy { $0 == 1 })
        #expect(order != Array(Self.coordinates.indices), "resolved in input order, not by cell")
    }

    @Test func cellOrderIsRowByRowThenByPosition() {
        let coordinates = [(10.1, 5.0), (-30.0, 100.0), (10.1, 5.1), (10.2, -3.0), (10.1, 5.0)].map { GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        // Cells: rows by 0.25° of latitude, then columns by 0.25° of longitude.
        #expect(Resolver.cellOrder(coordinates) == [1, 3, 0, 2, 4])
    }

    @Test func anEmptyBatchCallsNothing() {
        var calls = 0
        ResolverTests.resolver.resolve([]) { _, _ in calls += 1 }
        #expect(calls == 0)
    }
}
