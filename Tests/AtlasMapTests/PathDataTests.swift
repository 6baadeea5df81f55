import Foundation
import Testing
@testable import AtlasMap

@Suite struct PathDataTests {
    /// The fast writer agrees with printf's rounding of the same tenths, for values of every size.
    @Test func numbersMatchPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.04, 0.05, -0.05, 0.95, -0.95, 1234.56, -99999.99, 1e9, 0.25, 2.25]
        for _ in 0..<5_000 { values.append(Double.random(in: -50_000...50_000, using: &generator)) }
        for v in values {
            let tenths = (v * 10).rounded()
            var expected = String(format: "%.1f", tenths / 10)
            if expected == "-0.0" { expected = "0.0" }
            #expect(MapFrame.number(v) == expected, "\(v)")
        }
        #expect(MapFrame.number(.nan) == "0.0" && MapFrame.number(.infinity) == "0.0")
    }

    @Test func aDotIsAClosedCircleOfTwoArcs() {
        var data = PathData()
        data.dot(10, 20, radius: 1.5)
        #expect(data.string == "M8.5 20.0a1.5 1.5 0 1 1 3.0 0a1.5 1.5 0 1 1 -3.0 0Z")
    }
}
