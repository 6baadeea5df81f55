import Testing
@testable import AtlasMap

@Suite struct DayScaleTests {
    @Test(arguments: [(1, 0), (2, 1), (6, 1), (7, 2), (29, 2), (30, 3), (179, 3), (180, 4), (10_000, 4)])
    func daysFallInTheirClass(days: Int, expected: Int) {
        #expect(DayScale.class(forDays: days) == expected)
        #expect(DayScale.classes[expected].label.hasPrefix(String(DayScale.classes[expected].fewest)))
    }

    @Test func anUndatedVisitIsInTheFirstClass() {
        #expect(DayScale.class(forDays: 0) == 0)
        #expect(DayScale.label(days: 0) == "no date" && DayScale.label(days: 1) == "1 day" && DayScale.label(days: 12) == "12 days")
    }

    @Test func coloursDarkenWithTheDays() {
        // Relative luminance falls class by class, so the scale reads in grey print too.
        func luminance(_ hex: String) -> Double {
            let v = Int(hex.dropFirst(), radix: 16)!
            return 0.2126 * Double(v >> 16) + 0.7152 * Double((v >> 8) & 0xFF) + 0.0722 * Double(v & 0xFF)
        }
        let values = DayScale.classes.map { luminance($0.colour) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 })
        #expect(luminance(DayScale.unvisited) > values[0] - 30 && Set(DayScale.classes.map(\.colour)).count == 5)
    }
}
