import Testing
@testable import TravelLog

/// ``IdentityTable``: against a dictionary by `ObjectIdentifier`, through many growths.
@Suite struct IdentityTableTests {
    private final class Object {}

    @Test func numbersAreADictionarysByIdentity() {
        let objects = (0..<5_000).map { _ in Object() }
        var table = IdentityTable()
        var reference: [ObjectIdentifier: Int] = [:]
        var state: UInt64 = 7
        for step in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let object = objects[Int(state >> 33) % objects.count]
            if step % 3 == 0 {
                table[object] = step
                reference[ObjectIdentifier(object)] = step
            } else {
                #expect(table[object] == reference[ObjectIdentifier(object)])
            }
        }
        for object in objects { #expect(table[object] == reference[ObjectIdentifier(object)]) }
        // Objects never set have no number, whatever their addresses.
        let others = (0..<1_000).map { _ in Object() }
        #expect(others.allSatisfy { table[$0] == nil })
    }

    /// A snapshot noted while its rows are read keeps its number after thousands more.
    @Test func aKeyKeepsItsNumberAsTheTableGrows() {
        let first = PlaceDay.Places()
        var table = IdentityTable()
        table[first] = -1
        let more = (0..<3_000).map { _ in PlaceDay.Places() }
        for (i, p) in more.enumerated() { table[p] = i }
        #expect(table[first] == -1 && more.enumerated().allSatisfy { table[$0.element] == $0.offset })
    }
}
