import Foundation
import Testing

/// README.md stays a user's guide: at most 300 lines, the two commands at the top, links that
/// lead somewhere, and the reference it sends people to (docs/cli.md) naming every command.
@Suite struct ReadmeTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: SampleLog.root + "/" + path, encoding: .utf8)
    }

    @Test func atMostThreeHundredLinesWithTheTwoCommandsFirst() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 300, "README.md has \(lines.count) lines")
        let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block.hasPrefix("./bootstrap && swift run -c release atlas import Samples/trip --db /tmp/atlas-sample.sqlite && .build/release/atlas stats"))
        #expect(block.contains("\n./bootstrap --tests && Tools/gazetteer/test && swift test "))
    }

    @Test(arguments: ["README.md", "docs/cli.md"])
    func everyLocalLinkLeadsToAFile(_ page: String) throws {
        let text = try Self.text(page)
        let directory = URL(fileURLWithPath: SampleLog.root + "/" + page).deletingLastPathComponent()
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)#:]+)(#[^)]*)?\)"#)
        let links = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
        #expect(!links.isEmpty)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(link).path), "\(page): \(link)")
        }
    }

    @Test func theCommandTableNamesEveryCommand() throws {
        let help = try AtlasBinary.run(["help"])
        let commands = help.stdout.components(separatedBy: "Commands:\n").last!.split(separator: "\n")
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count > 20, "\(help.stdout)")
        let table = try Self.text("docs/cli.md")
        for command in commands { #expect(table.contains("| `atlas \(command)"), "docs/cli.md does not list \(command)") }
    }
}
