import Foundation
import Testing

/// `atlas resolve --batch` as a process: the executable's tests live with the other ones that
/// run it (``AtlasBinary``).
@Suite struct ResolveCommandTests {
    @Test func batchAnswersInInputOrderAcrossBatchesAndReportsBadLines() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atlas-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // More lines than one batch, west to east and back, so that cell order is not input order.
        var lines = ["lat,lon,id"]
        let count = 70_000
        for i in 0..<count {
            let lon = Double(i % 720) / 2 - 180
            lines.append(String(format: "%.4f,%.4f,p%d", 48.0 - Double(i % 7), i % 2 == 0 ? lon : -lon - 0.25, i))
        }
        lines.insert("not,a,coordinate", at: 5)
        lines.insert("95,10,too-far-north", at: 40_000)
        let input = directory.appendingPathComponent("points.csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)

        let result = try AtlasBinary.run(["resolve", "--batch", input])
        #expect(result.status == 3, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n")
        #expect(out.count == count + 2)
        let ids = out.map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String ?? "?"
        }
        var expected = (0..<count).map { "p\($0)" }
        expected.insert("coordinate", at: 4)
        expected.insert("too-far-north", at: 39_999)
        #expect(ids == expected)
        #expect(out[4].contains("\"error\":\"line 6: expected lat,lon[,id]\""))
        #expect(out[39_999].contains("\"error\":\"line 40001:"))
        // Berlin's latitude band crosses Europe: some answer names a country.
        #expect(out.contains { $0.contains("\"country\":{\"id\":\"country:") })
        // The district (null until the gazetteer has one there) follows the city in every answer.
        let places = out.prefix(5_000).filter { !$0.contains("\"error\"") }
        #expect(places.allSatisfy { $0.contains(#/"city":(null|\{[^}]*\}),"district":(null|\{[^}]*\}),"airport":/#) })
    }
}
