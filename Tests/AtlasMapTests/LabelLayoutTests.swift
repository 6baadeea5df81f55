import Testing
@testable import AtlasMap

@Suite struct LabelLayoutTests {
    func dot(_ id: String, _ x: Double, _ y: Double) -> LabelLayout.Dot { .init(id: id, x: x, y: y, radius: 3) }
    func label(_ d: LabelLayout.Dot, _ text: String) -> LabelLayout.Label { .init(id: d.id, text: text, x: d.x, y: d.y, gap: d.radius) }

    @Test func aLoneNameGoesRightOfItsDot() {
        var layout = LabelLayout(bounds: (0, 0, 300, 200), fontSize: 10)
        let lyon = dot("city:1", 100, 100)
        let placed = layout.place([label(lyon, "Lyon")], dots: [lyon])
        #expect(placed.count == 1 && placed[0].anchor == "start" && placed[0].x > 103)
        #expect(layout.svg(placed, halo: 3).contains("data-for=\"city:1\">Lyon</text>"))
    }

    /// The second name of two close cities takes another side; no two boxes meet, no name
    /// covers the other's dot, and the same input places the same way.
    @Test func crowdedNamesMoveAsideOrAreLeftOut() {
        let dots = (0..<12).map { dot("city:\($0)", 100 + Double($0 % 4) * 12, 100 + Double($0 / 4) * 9) }
        func run() -> [LabelLayout.Placed] {
            var layout = LabelLayout(bounds: (0, 0, 300, 200), fontSize: 10)
            return layout.place(dots.map { label($0, "City \($0.id)") }, dots: dots)
        }
        let placed = run()
        #expect(placed.count > 1 && placed.count < dots.count)
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] { #expect(!a.box.overlaps(b.box), "\(a.text) \(b.text)") }
            for d in dots where d.id != a.id {
                #expect(!a.box.overlaps(.init(x0: d.x - 3, y0: d.y - 3, x1: d.x + 3, y1: d.y + 3)), "\(a.text) on \(d.id)")
            }
        }
        #expect(run() == placed)
    }

    @Test func namesStayInsideAndOffBlockedAreas() {
        var layout = LabelLayout(bounds: (0, 0, 100, 100), fontSize: 10)
        layout.block(x: 60, y: 0, width: 40, height: 100)
        let edge = dot("city:1", 55, 50)
        let placed = layout.place([label(edge, "Edge")], dots: [edge])
        #expect(placed.count == 1 && placed[0].anchor == "end" && placed[0].box.x1 <= 60)
        var tight = LabelLayout(bounds: (0, 0, 20, 20), fontSize: 10)
        #expect(tight.place([label(dot("city:2", 10, 10), "Much too long a name")], dots: []).isEmpty)
    }
}
