import JSONWriter
import Markup

extension TrackExport {
    /// GPX 1.1 (`http://www.topografix.com/GPX/1/1`): one `<trk>` named ``name``, one
    /// `<trkseg>` per local date with points, one `<trkpt lat lon>` per photo with `<ele>` when
    /// the altitude is known (exact precision only) and `<time>` when the UTC time is.
    ///
    /// ```xml
    /// <trkpt lat="35.6762" lon="139.6503"><ele>40</ele><time>2024-04-02T01:00:00Z</time></trkpt>
    /// ```
    ///
    /// What the schema asks is kept by construction: `ele` before `time`, decimals without an
    /// exponent, a longitude below 180 (180 is written -180, the same meridian), and text with
    /// `&`, `<`, `>` and quotes escaped and the characters XML 1.0 cannot hold replaced.
    var gpxHead: [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(Markup.escape(TravelRecord.generator))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <trk>
                <name>\(Markup.escape(name))</name>

            """.utf8)
    }

    /// The `<trkseg>` of one day's points (``points(_:)``).
    func gpxSegment(_ points: [Point]) -> [UInt8] {
        var bytes = Array("    <trkseg>\n".utf8)
        bytes.reserveCapacity(points.count * 110 + 32)
        for p in points { gpx(p, into: &bytes) }
        bytes.append(contentsOf: "    </trkseg>\n".utf8)
        return bytes
    }

    var gpxTail: [UInt8] { Array("  </trk>\n</gpx>\n".utf8) }

    /// One `<trkpt>` on a line of its own.
    private func gpx(_ p: Point, into bytes: inout [UInt8]) {
        let (coordinates, digits) = (precision.coordinates, precision.coordinates.digits)
        bytes.append(contentsOf: "      <trkpt lat=\"".utf8)
        Self.decimal(coordinates.rounded(p.latitude) ?? p.latitude, digits: digits, into: &bytes)
        bytes.append(contentsOf: "\" lon=\"".utf8)
        // The schema's longitude is -180 ≤ lon < 180: the antimeridian, as written, is -180.
        var lon: [UInt8] = []
        Self.decimal(coordinates.rounded(p.longitude) ?? p.longitude, digits: digits, into: &lon)
        bytes.append(contentsOf: lon == Self.antimeridian ? Self.antimeridianWest : lon)
        bytes.append(contentsOf: "\">".utf8)
        if precision == .exact, let ele = p.elevation {
            bytes.append(contentsOf: "<ele>".utf8)
            Self.decimal(ele, digits: 2, into: &bytes)
            bytes.append(contentsOf: "</ele>".utf8)
        }
        if let time = p.utcTime {
            bytes.append(contentsOf: "<time>".utf8)
            bytes.append(contentsOf: time.utf8)
            bytes.append(contentsOf: "</time>".utf8)
        }
        bytes.append(contentsOf: "</trkpt>\n".utf8)
    }

    private static let antimeridian = Array("180".utf8)
    private static let antimeridianWest = Array("-180".utf8)

    /// `value` with at most `digits` decimals, no exponent, no trailing zeros: the JSON
    /// writer's numbers, which are also `xsd:decimal`.
    static func decimal(_ value: Double, digits: Int, into bytes: inout [UInt8]) {
        var json = JSONStream()
        json.double(value, digits: digits)
        bytes.append(contentsOf: json.bytes)
    }
}
