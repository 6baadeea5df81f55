import Markup

/// Names on a map, placed greedily where they fit: each label, in the order given (most days
/// first), takes the first of a few positions round its point that stays inside the picture and
/// overlaps no label placed before it and no dot or area but its own; a label with no such
/// position is left out (the tooltip still names it). Text widths are estimated from the
/// characters, generously, as the system font is not known when the map is written.
///
/// ```swift
/// var layout = LabelLayout(bounds: (0, 0, 320, 200), fontSize: 11)
/// layout.block(x: 10, y: 10, width: 80, height: 40)                     // a locator
/// let dots = [LabelLayout.Dot(id: "city:1", x: 100, y: 80, radius: 3)]
/// let placed = layout.place([.init(id: "city:1", text: "Lyon", x: 100, y: 80, gap: 3)], dots: dots)
/// layout.svg(placed)   // <g class="labels">…<text … data-for="city:1">Lyon</text></g>
/// ```
///
/// The same labels give the same placement. A value type; `Sendable`.
public struct LabelLayout: Sendable {
    public struct Label: Sendable {
        /// The identifier of the place named: its own dot is no obstacle to it.
        public var id: String
        public var text: String
        /// The point named, and how far from it the text keeps (its dot's radius; 0 for a
        /// country's name, centred on its label point).
        public var x: Double, y: Double, gap: Double

        public init(id: String, text: String, x: Double, y: Double, gap: Double) {
            (self.id, self.text, self.x, self.y, self.gap) = (id, text, x, y, gap)
        }
    }

    public struct Dot: Sendable {
        public var id: String
        public var x: Double, y: Double, radius: Double

        public init(id: String, x: Double, y: Double, radius: Double) { (self.id, self.x, self.y, self.radius) = (id, x, y, radius) }
    }

    public struct Placed: Sendable, Equatable {
        public var id: String, text: String
        /// The text's anchor point (`x`, baseline `y`) and `text-anchor`.
        public var x: Double, y: Double, anchor: String
        /// The box the text is taken to fill.
        public var box: Box
    }

    public struct Box: Sendable, Equatable {
        public var x0: Double, y0: Double, x1: Double, y1: Double

        func overlaps(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        func inside(_ o: Box) -> Bool { x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1 }
    }

    public let bounds: Box
    public let fontSize: Double
    private var blocked: [Box] = []

    public init(bounds: (x: Double, y: Double, width: Double, height: Double), fontSize: Double) {
        self.bounds = Box(x0: bounds.x, y0: bounds.y, x1: bounds.x + bounds.width, y1: bounds.y + bounds.height)
        self.fontSize = fontSize
    }

    /// Keeps labels off an area (a locator, a legend).
    public mutating func block(x: Double, y: Double, width: Double, height: Double) {
        blocked.append(Box(x0: x, y0: y, x1: x + width, y1: y + height))
    }

    /// The labels that fit, in the order of `labels`, kept off every dot but their own.
    public mutating func place(_ labels: [Label], dots: [Dot]) -> [Placed] {
        let dotBoxes = dots.map { (id: $0.id, box: Box(x0: $0.x - $0.radius, y0: $0.y - $0.radius, x1: $0.x + $0.radius, y1: $0.y + $0.radius)) }
        let pad = fontSize * 0.15
        var placed: [Placed] = []
        for label in labels {
            for candidate in candidates(label) {
                let padded = Box(x0: candidate.box.x0 - pad, y0: candidate.box.y0 - pad, x1: candidate.box.x1 + pad, y1: candidate.box.y1 + pad)
                guard candidate.box.inside(bounds), !blocked.contains(where: { $0.overlaps(padded) }),
                      !dotBoxes.contains(where: { $0.id != label.id && $0.box.overlaps(padded) }) else { continue }
                placed.append(candidate)
                blocked.append(candidate.box)
                break
            }
        }
        return placed
    }

    /// Right of the point, left, above, below, then the four diagonals; a name with no gap
    /// (a country's) centred on its point, then just above and below it, then starting or
    /// ending at it.
    func candidates(_ label: Label) -> [Placed] {
        let w = width(of: label.text), (ascent, descent) = (fontSize * 0.95, fontSize * 0.3)
        let g = label.gap + fontSize * 0.25, middle = (ascent - descent) / 2
        func at(_ x: Double, _ baseline: Double, _ anchor: String) -> Placed {
            let x0 = anchor == "start" ? x : anchor == "end" ? x - w : x - w / 2
            return Placed(id: label.id, text: label.text, x: x, y: baseline, anchor: anchor,
                          box: Box(x0: x0, y0: baseline - ascent, x1: x0 + w, y1: baseline + descent))
        }
        let (x, y) = (label.x, label.y)
        if label.gap == 0 {
            let (up, down) = (y + middle - fontSize * 1.2, y + middle + fontSize * 1.2)
            return [at(x, y + middle, "middle"), at(x, up, "middle"), at(x, down, "middle"),
                    at(x - w / 2, y + middle, "start"), at(x + w / 2, y + middle, "end"), at(x - w / 2, up, "start"), at(x + w / 2, down, "end")]
        }
        let d = g * 0.75
        return [at(x + g, y + middle, "start"), at(x - g, y + middle, "end"), at(x, y - g - descent, "middle"), at(x, y + g + ascent, "middle"),
                at(x + d, y - d - descent, "start"), at(x + d, y + d + ascent, "start"), at(x - d, y - d - descent, "end"), at(x - d, y + d + ascent, "end")]
    }

    /// A generous width for `text` in a sans-serif system font: wide letters an em, capitals
    /// three quarters, narrow ones 0.4, the rest 0.62 (DejaVu Sans, the widest of the usual
    /// system fonts, stays inside it).
    public func width(of text: String) -> Double {
        var ems = 0.0
        for c in text {
            if "mwMW@".contains(c) { ems += 1 }
            else if "ijlItfr .,'’-:;|!()[]".contains(c) { ems += 0.4 }
            else if c.isUppercase { ems += 0.78 }
            else if c.isASCII { ems += 0.64 }
            else { ems += 1 }   // CJK and the rest: a full em
        }
        return ems * fontSize
    }

    /// The placed labels as an SVG group: `<text>`s with a white halo, each with `data-for` (the
    /// place it names).
    public func svg(_ placed: [Placed], halo: Double) -> String {
        guard !placed.isEmpty else { return "" }
        var out = "<g class=\"labels\" font-size=\"\(MapFrame.number(fontSize))\" stroke-width=\"\(MapFrame.number(halo))\">"
        for p in placed {
            let anchor = p.anchor == "start" ? "" : " text-anchor=\"\(p.anchor)\""
            out += "<text x=\"\(MapFrame.number(p.x))\" y=\"\(MapFrame.number(p.y))\"\(anchor) data-for=\"\(Markup.escape(p.id))\">\(Markup.escape(p.text))</text>"
        }
        return out + "</g>\n"
    }
}
