import Foundation
import Gazetteer
import SyntheticPhotos
import Testing

/// The output of `atlas resolve --batch` on a few hundred varied lines, pinned byte for byte
/// (by SHA-256) with its exit status: the batch path's reading, resolving and writing may be
/// rebuilt for speed, never its answers. Should the gazetteer or the answer's fields change on
/// purpose, the new digests are in the failure message.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ResolveBatchBytesTests {
    /// Seeded coordinates over the whole globe (land, sea, poles, the antimeridian) and near
    /// cities, written with as many decimals as people paste.
    static func points(_ count: Int, seed: UInt64) -> [(lat: String, lon: String)] {
        var rng = SplitMix64(seed: seed)
        let cities: [(Double, Double)] = [(48.8566, 2.3522), (35.0116, 135.7681), (-33.8688, 151.2093), (40.7128, -74.006),
                                          (45.764, 4.8357), (-22.9068, -43.1729), (64.1466, -21.9426), (1.3521, 103.8198)]
        return (0..<count).map { k in
            let (lat, lon): (Double, Double)
            if k % 3 == 0 {
                (lat, lon) = (Double.random(in: -90...90, using: &rng), Double.random(in: -180...180, using: &rng))
            } else {
                let c = cities[Int.random(in: 0..<cities.count, using: &rng)]
                (lat, lon) = (c.0 + Double.random(in: -0.3...0.3, using: &rng), c.1 + Double.random(in: -0.3...0.3, using: &rng))
            }
            let digits = [0, 1, 4, 6, 7, 9][k % 6]
            return (String(format: "%.\(digits)f", lat), String(format: "%.\(digits)f", lon))
        }
    }

    /// CSV with a header (ids quoted, with commas, quotes and letters beyond ASCII), bad lines among them.
    static var csv: String {
        var lines = ["lat,lon,id"]
        for (k, p) in points(200, seed: 1).enumerated() {
            switch k % 10 {
            case 3: lines.append("\(p.lat),\(p.lon),\"quoted, id \"\"\(k)\"\"\"")
            case 5: lines.append(" \(p.lat) , \(p.lon) , Zürich \(k) ")
            case 7: lines.append("\(p.lat),\(p.lon)")
            default: lines.append("\(p.lat),\(p.lon),p\(k)")
            }
        }
        lines += ["not,a,coordinate", "95,10,too-far-north", "1,2,3,4", "1e-5,+2.5E+1,exponents", "−33.86,151.21,minus-sign",
                  "\"48.8,2.3,unclosed", "", "   ", "0x10,5,hex", "inf,0,infinite", "48,85,2,35", "-90,180,corner", "90,-180,corner"]
        return lines.joined(separator: "\r\n") + "\n"
    }

    /// Plain `LAT LON [id]`, separated by spaces or tabs, without a header.
    static var plain: String {
        var lines: [String] = []
        for (k, p) in points(150, seed: 2).enumerated() {
            lines.append(k % 4 == 0 ? "\(p.lat)\t\(p.lon)\tt\(k)" : k % 4 == 1 ? "\(p.lat)   \(p.lon)" : "\(p.lat) \(p.lon) id with spaces \(k)")
        }
        lines += ["48.8584", "48.8584 x", "200 0", "12 34 56 78"]
        return lines.joined(separator: "\n")
    }

    /// JSON lines: every spelling of the keys, number and string ids, and objects that are wrong.
    static var jsonLines: String {
        var lines: [String] = []
        for (k, p) in points(150, seed: 3).enumerated() {
            switch k % 5 {
            case 0: lines.append(#"{"lat":\#(p.lat),"lon":\#(p.lon),"id":"j\#(k)"}"#)
            case 1: lines.append(#"{"latitude": \#(p.lat), "longitude": \#(p.lon), "id": \#(k)}"#)
            case 2: lines.append(#"{"LNG":\#(p.lon),"Lat":\#(p.lat),"extra":[1,{"a":null}],"id":null}"#)
            case 3: lines.append(#"{"lat":\#(p.lat),"lng":\#(p.lon),"id":"\u00e9\"\\\t\#(k)"}"#)
            default: lines.append(#"{"lat":\#(p.lat),"lon":\#(p.lon)}"#)
            }
        }
        lines += [#"{"lat":1}"#, #"{"lat":"1","lon":2}"#, #"{"lat":1,"lon":2,"id":true}"#, #"{"lat":1,"lat":2,"lon":3}"#,
                  #"{"lat":1,"lon":2} trailing"#, #"{"lat":01,"lon":2}"#, #"{"lat":1,"lon":2,"id":"\ud800"}"#, "{"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func hex(_ text: String) -> String {
        var sha = SHA256()
        sha.update(Array(text.utf8))
        return sha.digest().map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: [
        ("csv", [] as [String], "a3d9f36aa0ed3c9d3ed50f05cb6691b10c8567d56005e376bf8f9c0a0e37f0f9"),
        ("plain", [], "d46bab3d4b790b8835c342500c23584999dfc97b4a2be266b7d91725555aa206"),
        ("json", ["--json"], "fded1dac2062b50d4509e42a404406f43beaa92f8130e5a44dfdb254db54c939"),
    ])
    func theAnswersKeepTheirBytes(_ form: String, _ flags: [String], _ digest: String) throws {
        let text = form == "csv" ? Self.csv : form == "plain" ? Self.plain : Self.jsonLines
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/points.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try AtlasBinary.run(["resolve", "--batch", path] + flags)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.lines.count > 150)
        #expect(Self.hex(result.stdout) == digest, "\(form): \(result.lines.count) lines")
        // Read from stdin, the same bytes.
        let piped = try AtlasBinary.run(program: "/bin/sh", ["-c", #""$0" resolve --batch - < "$1""#, AtlasBinary.path, path], environment: nil)
        #expect(piped.stdout == result.stdout)
    }
}
