import Testing
import TableCache

@Suite struct ColumnTests {
    @Test func aColumnOfAnArrayHoldsItsValues() {
        let values: [Int32] = [3, 1, 4, 1, 5]
        let column = Column(values)
        #expect(column.count == 5)
        #expect(Array(column) == values)
        #expect(column[2] == 4)
        #expect(Array(column[1..<3]) == [1, 4])
        #expect(column.withUnsafeBufferPointer { $0.reduce(0, +) } == 14)
        #expect(Column<Double>().isEmpty)
        let literal: Column<UInt8> = [1, 2]
        #expect(Array(literal) == [1, 2])
    }
}
