import Foundation
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
        let dotBoxes = Self.boxes(dots)
        return labels.compactMap { label in fit(label, dotBoxes).map { candidates(label)[$0] } }
    }

    private static func boxes(_ dots: [Dot]) -> [(id: String, box: Box)] {
        dots.map { (id: $0.id, box: Box(x0: $0.x - $0.radius, y0: $0.y - $0.radius, x1: $0.x + $0.radius, y1: $0.y + $0.radius)) }
    }

    /// The index of the first candidate of `label` that fits, now blocked; nil when none does.
    private mutating func fit(_ label: Label, _ dotBoxes: [(id: String, box: Box)]) -> Int? {
        let pad = fontSize * 0.15
        for (i, candidate) in candidates(label).enumerated() {
            let padded = Box(x0: candidate.box.x0 - pad, y0: candidate.box.y0 - pad, x1: candidate.box.x1 + pad, y1: candidate.box.y1 + pad)
            guard candidate.box.inside(bounds), !blocked.contains(where: { $0.overlaps(padded) }),
                  !dotBoxes.contains(where: { $0.id != label.id && $0.box.overlaps(padded) }) else { continue }
            blocked.append(candidate.box)
            return i
        }
        return nil
    }

    /// A name on a map that zooms: shown from ``zoom`` on (until ``until``, when set), at its
    /// point moved by `dx`, `dy` ems of the font, which stays one size on screen while the map
    /// grows round it.
    public struct Leveled: Sendable, Equatable {
        public var id: String, text: String
        public var x: Double, y: Double, dx: Double, dy: Double, anchor: String
        public var zoom: Double, until: Double?
    }

    /// Names for a map that zooms from `zooms[0]` (1) to `zooms.last`: the text and the dots
    /// stay `fontSize` and their radius on screen (in map units divided by the zoom), so as the
    /// map grows the points spread and the names keep their size. From each zoom to the next
    /// the names are placed greedily in order (a name placed before tries its place first, so
    /// names move little), each where it stays clear of the names placed before it and of the
    /// other dots at every zoom of that span, not only at its ends: a box's edges move linearly
    /// with the zoom, so whether two boxes are apart along an axis changes once at most, and the
    /// zooms where they meet are one interval, found exactly. A name whose place is the same over
    /// several spans is one ``Leveled``.
    public static func leveled(_ labels: [Label], dots: [Dot], bounds: (x: Double, y: Double, width: Double, height: Double),
                               fontSize: Double, zooms: [Double]) -> [Leveled] {
        // Every box as it is on screen at zoom z, over the zoom-1 map: z·point + offset.
        struct Shape { var px: Double, py: Double, x0: Double, y0: Double, x1: Double, y1: Double }
        let pad = fontSize * 0.15
        let area = (x0: bounds.x, y0: bounds.y, x1: bounds.x + bounds.width, y1: bounds.y + bounds.height)
        let unit = LabelLayout(bounds: bounds, fontSize: 1)
        // Each label's candidates at a font size of 1: offsets from its point in ems.
        let options = labels.map { unit.candidates(Label(id: $0.id, text: $0.text, x: 0, y: 0, gap: $0.gap / fontSize)) }
        func shape(_ i: Int, _ c: Int) -> Shape {
            let b = options[i][c].box
            return Shape(px: labels[i].x, py: labels[i].y, x0: b.x0 * fontSize, y0: b.y0 * fontSize, x1: b.x1 * fontSize, y1: b.y1 * fontSize)
        }
        // West to east, so a name looks only at the dots its span could bring it near.
        let dotShapes = dots.map { (id: $0.id, shape: Shape(px: $0.x, py: $0.y, x0: -$0.radius, y0: -$0.radius, x1: $0.radius, y1: $0.radius)) }
            .sorted { ($0.shape.px, $0.id) < ($1.shape.px, $1.id) }
        let reach = (dots.map(\.radius).max() ?? 0) + pad
        /// The dots whose x is within `x0...x1`.
        func dotsNear(_ x0: Double, _ x1: Double) -> ArraySlice<(id: String, shape: Shape)> {
            func first(_ x: Double) -> Int {
                var (lo, hi) = (0, dotShapes.count)
                while lo < hi { let mid = (lo + hi) / 2; if dotShapes[mid].shape.px < x { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            return dotShapes[first(x0)..<max(first(x0), first(x1.nextUp))]
        }
        /// Whether `a` (padded) and `b` are apart at every zoom of `z0...z1`.
        func apart(_ a: Shape, _ b: Shape, _ z0: Double, _ z1: Double) -> Bool {
            // Apart along an axis, one side of the other: k·z ≥ m. Where none holds is where they meet.
            var (lo, hi) = (z0, z1)
            func side(_ k: Double, _ m: Double) -> Bool {
                if k > 0 { hi = min(hi, m / k) } else if k < 0 { lo = max(lo, m / k) } else if m <= 0 { return true }
                return false
            }
            if side(b.px - a.px, a.x1 + pad - b.x0) || side(a.px - b.px, b.x1 + pad - a.x0)
                || side(b.py - a.py, a.y1 + pad - b.y0) || side(a.py - b.py, b.y1 + pad - a.y0) { return true }
            return lo >= hi
        }
        func inside(_ a: Shape, _ z: Double) -> Bool {
            z * a.px + a.x0 >= z * area.x0 && z * a.py + a.y0 >= z * area.y0 && z * a.px + a.x1 <= z * area.x1 && z * a.py + a.y1 <= z * area.y1
        }
        // The candidate of each label in each span, nil where it is left out.
        var chosen = Array(repeating: [Int?](repeating: nil, count: zooms.count), count: labels.count)
        for (level, zoom) in zooms.enumerated() {
            // The span, a little wider than the zooms the script shows it for.
            let (z0, z1) = (zoom * 0.999, level + 1 < zooms.count ? zooms[level + 1] * 1.001 : zoom * 1.001)
            var placed: [Shape] = []
            for i in labels.indices {
                let before = level > 0 ? chosen[i][level - 1] : nil
                for c in (before.map { [$0] } ?? []) + options[i].indices.filter({ $0 != before }) {
                    let s = shape(i, c)
                    // In map units the box shrinks towards its point as the zoom grows: at z0 it
                    // and the point hold it at every zoom of the span.
                    let (west, east) = (min(s.px, s.px + s.x0 / z0) - reach / z0, max(s.px, s.px + s.x1 / z0) + reach / z0)
                    guard inside(s, z0) && inside(s, z1), placed.allSatisfy({ apart(s, $0, z0, z1) }),
                          dotsNear(west, east).allSatisfy({ $0.id == labels[i].id || apart(s, $0.shape, z0, z1) }) else { continue }
                    chosen[i][level] = c
                    placed.append(s)
                    break
                }
            }
        }
        var out: [Leveled] = []
        for i in labels.indices {
            var level = 0
            while level < zooms.count {
                guard let c = chosen[i][level] else { level += 1; continue }
                var end = level
                while end + 1 < zooms.count && chosen[i][end + 1] == c { end += 1 }
                let p = options[i][c]
                out.append(Leveled(id: labels[i].id, text: labels[i].text, x: labels[i].x, y: labels[i].y, dx: p.x, dy: p.y, anchor: p.anchor,
                                   zoom: zooms[level], until: end + 1 < zooms.count ? zooms[end + 1] : nil))
                level = end + 1
            }
        }
        return out
    }

    /// Leveled names as an SVG group (`class="labels leveled"`, `data-font` the size at zoom 1):
    /// those of zoom 1 shown, the others with `data-z` (the zoom they show from), hidden until a
    /// script zooms the map; `data-until` the zoom they give way at.
    public static func svg(_ leveled: [Leveled], fontSize: Double, halo: Double) -> String {
        guard !leveled.isEmpty else { return "" }
        func em(_ v: Double) -> String {
            let s = String(format: "%.2f", v)
            return s == "-0.00" || s == "0.00" ? "0" : s.replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) + "em"
        }
        var out = "<g class=\"labels leveled\" font-size=\"\(MapFrame.number(fontSize))\" stroke-width=\"\(MapFrame.number(halo))\""
            + " data-font=\"\(MapFrame.number(fontSize))\" data-halo=\"\(MapFrame.number(halo))\">"
        for l in leveled {
            let anchor = l.anchor == "start" ? "" : " text-anchor=\"\(l.anchor)\""
            let zoom = (l.zoom == 1 ? "" : " data-z=\"\(MapFrame.number(l.zoom))\"") + (l.until.map { " data-until=\"\(MapFrame.number($0))\"" } ?? "")
            out += "<text x=\"\(MapFrame.number(l.x))\" y=\"\(MapFrame.number(l.y))\" dx=\"\(em(l.dx))\" dy=\"\(em(l.dy))\"\(anchor)\(zoom)"
                + " data-for=\"\(Markup.escape(l.id))\">\(Markup.escape(l.text))</text>"
        }
        return out + "</g>\n"
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
