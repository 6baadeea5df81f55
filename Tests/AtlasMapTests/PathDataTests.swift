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

    /// Relative steps write the points absolute data writes, rounded the same way: reading
    /// them back adds up to the same tenths, with no drift over thousands of points.
    @Test func relativeStepsAddUpToTheSamePoints() throws {
        var generator = SystemRandomNumberGenerator()
        var absolute = PathData(), relative = PathData(relative: true)
        var x = 500.0, y = 300.0
        for ring in 0..<40 {
            for i in 0..<100 {
                x += Double.random(in: -3...3, using: &generator); y += Double.random(in: -3...3, using: &generator)
                if i == 0 { absolute.move(x, y); relative.move(x, y) } else { absolute.line(x, y); relative.line(x, y) }
            }
            if ring % 2 == 0 { absolute.close(); relative.close() }
        }
        func points(_ d: String) -> [[Int]] {
            // Absolute: every "M/L x y"; relative: running sums, a bare pair continuing the step.
            var out: [[Int]] = [], current = [0, 0], start = [0, 0]
            let tokens = d.matches(of: /[MLmlZz]|-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)/).map { String($0.output) }
            var i = 0, command = ""
            while i < tokens.count {
                let t = tokens[i]
                if "MLmlZz".contains(t) {
                    command = t; i += 1
                    if t == "Z" || t == "z" { current = start }
                    continue
                }
                let p = [Int((Double(t)! * 10).rounded()), Int((Double(tokens[i + 1])! * 10).rounded())]
                i += 2
                if command == "m" || command == "l" { current = [current[0] + p[0], current[1] + p[1]] } else { current = p }
                if command == "m" || command == "M" { start = current; command = command == "m" ? "l" : "L" }
                if out.last != current { out.append(current) }
            }
            return out
        }
        let a = points(absolute.string), r = points(relative.string)
        #expect(a == r)
        #expect(relative.bytes.count * 10 < absolute.bytes.count * 7, "\(relative.bytes.count) against \(absolute.bytes.count)")
        var small = PathData(relative: true)
        small.move(10, 20); small.line(10.5, 19.7); small.line(12, 19.7); small.line(12, 19.7); small.close()
        #expect(small.string == "m10 20 .5-.3 1.5 0z")   // pairs after a move are lines
        var dot = PathData(relative: true)
        dot.dot(10, 20, radius: 1.5)
        #expect(dot.string == "m8.5 20a1.5 1.5 0 1 1 3 0a1.5 1.5 0 1 1-3 0z")
    }
}
