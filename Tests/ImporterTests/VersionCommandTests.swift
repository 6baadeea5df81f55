import Foundation
import Gazetteer
import Testing

/// `atlas --version`: the one version (``AtlasVersion``) on stdout, exit status 0.
@Suite struct VersionCommandTests {
    @Test func versionPrintsTheOneVersion() throws {
        let result = try AtlasBinary.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "atlas \(AtlasVersion.current)\n")
        #expect(result.stderr.isEmpty)
        #expect(AtlasVersion.current.split(separator: ".").count == 3)
    }
}
