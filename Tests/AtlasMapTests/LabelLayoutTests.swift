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

    /// Names for a map that zooms: more as it zooms in, and at every zoom, between the zooms
    /// placed for too, no two names shown (their boxes as the screen shows them, font and dots
    /// one size) meet or cover another's dot.
    @Test func leveledNamesShowMoreAsTheMapZoomsAndNeverMeet() {
        // Points spread evenly but irregularly (two golden-ratio sequences), some close together.
        let dots = (0..<200).map { i in
            dot("country:\(i)", (Double(i) * 0.618034).truncatingRemainder(dividingBy: 1) * 1000, (Double(i) * 0.754878).truncatingRemainder(dividingBy: 1) * 500)
        }
        let labels = dots.map { LabelLayout.Label(id: $0.id, text: "Country \($0.id.dropFirst(8))", x: $0.x, y: $0.y, gap: 0) }
        let zooms: [Double] = [1, 2, 4, 8]
        let placed = LabelLayout.leveled(labels, dots: dots, bounds: (0, 0, 1000, 500), fontSize: 11, zooms: zooms)
        #expect(placed == LabelLayout.leveled(labels, dots: dots, bounds: (0, 0, 1000, 500), fontSize: 11, zooms: zooms))
        var counts: [Double: Int] = [:]
        for zoom in [1, 1.3, 1.7, 2, 2.5, 3.1, 3.9, 4, 5, 6.6, 7.99, 8] {
            let f = 11 / zoom
            let measure = LabelLayout(bounds: (0, 0, 1, 1), fontSize: f)
            let shown = placed.filter { $0.zoom <= zoom && $0.until.map { zoom < $0 } ?? true }
            counts[zoom] = shown.count
            #expect(Set(shown.map(\.id)).count == shown.count, "one place a name at \(zoom)")
            let boxes = shown.map { l -> LabelLayout.Box in
                let w = measure.width(of: l.text), x = l.x + l.dx * f, baseline = l.y + l.dy * f
                let x0 = l.anchor == "start" ? x : l.anchor == "end" ? x - w : x - w / 2
                return .init(x0: x0, y0: baseline - 0.95 * f, x1: x0 + w, y1: baseline + 0.3 * f)
            }
            for (i, a) in boxes.enumerated() {
                #expect(a.x0 >= 0 && a.y0 >= 0 && a.x1 <= 1000 && a.y1 <= 500)
                for b in boxes[(i + 1)...] { #expect(!a.overlaps(b), "zoom \(zoom)") }
                for d in dots where d.id != shown[i].id {
                    let r = d.radius / zoom
                    #expect(!a.overlaps(.init(x0: d.x - r, y0: d.y - r, x1: d.x + r, y1: d.y + r)), "zoom \(zoom): \(shown[i].text) on \(d.id)")
                }
            }
        }
        #expect(counts[1]! > 20 && counts[1]! < 150 && Double(counts[8]!) > Double(counts[1]!) * 1.2 && counts[4]! > counts[1]!, "\(counts)")
        let svg = LabelLayout.svg(placed, fontSize: 11, halo: 3)
        #expect(svg.contains(" data-z=\"2.0\"") && svg.contains("em\""))
    }
}
