import Foundation
import Gazetteer
import JSONWriter
import Testing
@testable import Resolver

/// A batch answered line for line, in input order, across the two halves each batch is cut into.
@Suite struct ResolverAnswersTests {
    /// Writes `text` into a pipe and answers it; the output lines and the count of bad ones.
    private func answer(_ text: String) throws -> (lines: [String], bad: Int) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let bytes = Data(text.utf8)
        let feeding = Thread { writer.write(bytes); try? writer.close() }
        feeding.start()
        var reader = BatchInput(descriptor: fds[0])
        var out: [UInt8] = []
        let bad = try ResolverTests.resolver.answer(&reader) { out += $0 }
        close(fds[0])
        return (String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init), bad)
    }

    @Test func everyLineIsAnsweredInInputOrderWithItsId() throws {
        // An odd number of points so the two halves differ, bad lines among them.
        var input = "lat,lon,id\n"
        var expected: [String] = []
        for i in 0..<1_001 {
            if i % 97 == 5 {
                input += "not a point \(i)\n"
                expected.append("error")
            } else {
                let lat = Double(i % 170) - 85, lon = Double(i % 350) - 175
                input += "\(lat),\(lon),p\(i)\n"
                expected.append("p\(i)")
            }
        }
        let (lines, bad) = try answer(input)
        #expect(lines.count == expected.count && bad == expected.filter { $0 == "error" }.count)
        for (line, id) in zip(lines, expected) {
            if id == "error" {
                #expect(line.hasPrefix(#"{"id":null,"error":"line "#))
            } else {
                #expect(line.hasPrefix(#"{"id":"\#(id)","lat":"#), "\(line.prefix(60))")
            }
        }
        // The same answer as resolving one point alone.
        let alone = try ResolverTests.resolver.resolve(GeoCoordinate(latitude: -85 + 7, longitude: -175 + 7))
        var json = JSONStream()
        alone.write(to: &json, id: .string("p7"))
        #expect(lines[7] == String(decoding: json.bytes, as: UTF8.self))
    }

    @Test func anEmptyInputIsNoLines() throws {
        #expect(try answer("").lines.isEmpty)
    }
}
