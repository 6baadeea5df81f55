import Foundation
import SyntheticPhotos
import Testing

/// `atlas inspect` names the camera once: "Canon EOS 30D", not "Canon Canon EOS 30D".
@Suite struct InspectCommandTests {
    @Test func theMakeIsNotRepeated() throws {
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var canon = SyntheticPhoto()
        (canon.make, canon.model) = ("Canon", "Canon EOS 30D")
        var apple = SyntheticPhoto()
        (apple.make, apple.model) = ("Apple", "iPhone 15 Pro")
        try Data(canon.jpeg()).write(to: URL(fileURLWithPath: directory + "/canon.jpg"))
        try Data(apple.jpeg()).write(to: URL(fileURLWithPath: directory + "/apple.jpg"))
        let result = try AtlasBinary.run(["inspect", directory + "/canon.jpg", directory + "/apple.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first?.hasSuffix("  Canon EOS 30D") == true, "\(result.stdout)")
        #expect(result.lines.last?.hasSuffix("  Apple iPhone 15 Pro") == true, "\(result.stdout)")
        // The JSON keeps the make and model as the file has them.
        let json = try AtlasBinary.run(["inspect", "--json", directory + "/canon.jpg"])
        #expect(json.stdout.contains(#""make":"Canon","model":"Canon EOS 30D""#))
    }
}
