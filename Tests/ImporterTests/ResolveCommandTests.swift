import Foundation
import Testing
import ScratchSpace

/// `atlas resolve --batch` as a process: the executable's tests live with the other ones that
/// run it (``AtlasBinary``).
@Suite struct ResolveCommandTests {
    @Test func batchAnswersInInputOrderAcrossBatchesAndReportsBadLines() throws {
        let directory = Scratch.root.appendingPathComponent("atlas-batch-\(UUID().uuidString)")
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

/// `atlas resolve --batch` on input that is not a tidy CSV file: a directory, `/dev/zero`, a
/// line of megabytes, other separators and formats, and a stdout that cannot be written.
@Suite struct ResolveBatchInputTests {
    func temporaryFile(_ bytes: Data) throws -> (directory: String, path: String) {
        let directory = Scratch.root.appendingPathComponent("atlas-batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/points.csv"
        try bytes.write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test func aDirectoryIsAClearErrorNotATrap() throws {
        let result = try AtlasBinary.run(["resolve", "--batch", NSTemporaryDirectory()])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read: Is a directory"), "\(result.stderr)")
    }

    @Test func aMissingFileSaysWhy() throws {
        let result = try AtlasBinary.run(["resolve", "--batch", "/no/such/points.csv"])
        #expect(result.status == 2)
        #expect(result.stderr == "atlas resolve: '/no/such/points.csv': cannot open: No such file or directory\n")
    }

    /// Endless bytes without a newline end, as they are not text.
    @Test func devZeroEndsWithAnError() throws {
        let started = Date()
        let result = try AtlasBinary.run(["resolve", "--batch", "/dev/zero"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 1 holds a NUL byte: not a text file"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A 5 MB line (over the 1 MiB limit) is an error for that line, read in linear time; a
    /// long line under the limit is answered whole; the lines after both are answered.
    @Test func longLinesAreLinearAndOverTheLimitAnErrorForThatLine() throws {
        let underLimit = String(repeating: "y", count: 900_000)
        var text = "lat,lon,id\n1,2," + String(repeating: "x", count: 5_000_000) + "\n"
        text += "48.8566,2.3522,paris\n3,4," + underLimit + "\r\n35.0116,135.7681,kyoto"
        let file = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let result = try AtlasBinary.run(["resolve", "--batch", file.path])
        #expect(result.status == 3, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 4)
        #expect(out.first == #"{"id":null,"error":"line 2: longer than 1048576 bytes"}"#)
        #expect(out.dropFirst().first?.hasPrefix(#"{"id":"paris","lat":48.8566"#) == true)
        #expect(out.dropFirst(2).first?.hasPrefix(#"{"id":""# + underLimit + #"","lat":3,"#) == true)
        #expect(out.last?.hasPrefix(#"{"id":"kyoto","lat":35.0116"#) == true)
    }

    /// Reading a 32 MB line costs a fraction of a second more than a one-line file (it cost
    /// 16 s in a release build when each chunk rescanned the whole line).
    @Test func aLineOfTensOfMegabytesIsReadInLinearTime() throws {
        let small = try temporaryFile(Data("48.8566,2.3522,paris\n".utf8))
        let large = try temporaryFile(Data(("1,2," + String(repeating: "x", count: 32 << 20) + "\n48.8566,2.3522,paris\n").utf8))
        defer { for f in [small, large] { try? FileManager.default.removeItem(atPath: f.directory) } }
        func seconds(_ path: String) throws -> (Double, AtlasBinary.Result) {
            let started = Date()
            let result = try AtlasBinary.run(["resolve", "--batch", path])
            return (Date().timeIntervalSince(started), result)
        }
        let (baseline, _) = try seconds(small.path)
        let (elapsed, result) = try seconds(large.path)
        #expect(result.status == 3 && result.stdout.hasSuffix("\n") && result.stdout.contains(#""id":"paris""#))
        #expect(elapsed - baseline < 8, "\(elapsed) s against \(baseline) s")
    }

    @Test func manyShortLinesInOrder() throws {
        let count = 200_000
        var text = ""
        for i in 0..<count { text += "10,20,\(i)\n" }
        let file = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let result = try AtlasBinary.run(["resolve", "--batch", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n")
        #expect(out.count == count)
        #expect(out.enumerated().allSatisfy { $0.element.hasPrefix("{\"id\":\"\($0.offset)\",") })
    }

    /// A BOM, CRLF, a header naming the columns in another order with semicolons, a blank
    /// line, a bad line in the middle, a JSON line with a number id too long for a Double
    /// (echoed digit for digit) and a last line without a newline: every line answers in
    /// its place.
    @Test func headerSeparatorsJSONLinesAndLineEnds() throws {
        let text = "ID;Lng;Lat\r\nparis;2.3522;48.8566\r\n\r\nbad;x;y\r\n"
            + #"{"latitude":35.0116,"lng":135.7681,"id":12345678901234567890}"# + "\r\nkyoto;135.7681;35.0116"
        let file = try temporaryFile(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let result = try AtlasBinary.run(["resolve", "--batch", file.path])
        #expect(result.status == 3, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 4)
        #expect(out.first?.hasPrefix(#"{"id":"paris","lat":48.8566,"lon":2.3522,"#) == true)
        #expect(out.dropFirst().first == #"{"id":"bad","error":"line 4: expected id,lon,lat"}"#)
        #expect(out.dropFirst(2).first?.hasPrefix(#"{"id":12345678901234567890,"lat":35.0116,"lon":135.7681,"#) == true)
        #expect(out.last?.hasPrefix(#"{"id":"kyoto","lat":35.0116,"#) == true)
    }

    /// A first line that does not name the columns is no header: it is an error line, not
    /// dropped (a mistyped first point used to vanish).
    @Test func aFirstLineThatIsNoHeaderIsReported() throws {
        let file = try temporaryFile(Data("latitude,longitude,name\n48.8566 2.3522 Notre-Dame de Paris\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let result = try AtlasBinary.run(["resolve", "--batch", file.path])
        #expect(result.status == 3, "\(result.stderr)")
        let out = result.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 2)
        #expect(out.first == #"{"id":"name","error":"line 1: expected lat,lon[,id]"}"#)
        #expect(out.last?.hasPrefix(#"{"id":"Notre-Dame de Paris","lat":48.8566,"#) == true)
    }

    @Test func aFullStdoutIsAnOutputErrorNotATrap() throws {
        let file = try temporaryFile(Data("48.8566,2.3522,paris\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AtlasBinary.path)
        process.arguments = ["resolve", "--batch", file.path]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        process.standardOutput = full
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 4)
        #expect(stderr == "atlas resolve: cannot write to stdout: No space left on device\n")
    }
}
