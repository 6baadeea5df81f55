import Foundation
import Testing
import ScratchSpace

/// `atlas --man` and `atlas --completions bash|zsh|fish`, which `make install` writes: built
/// from the help texts, they must name every command the overview lists and every option each
/// command's `--help` lists, and the shells and `man` must read them.
@Suite struct ManPageAndCompletionsTests {
    /// The commands of `atlas --help`, each with the options of its own `--help`.
    static let commands: [(name: String, options: [String])] = {
        guard let overview = try? AtlasBinary.run(["--help"]).stdout else { return [] }
        let names = overview.split(separator: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        return names.map { name in
            let help = (try? AtlasBinary.run([name, "--help"]).stdout) ?? ""
            let options = help.split(separator: "\n").compactMap { line -> String? in
                let word = line.drop { $0 == " " }.prefix { $0 != " " && $0 != "," }
                return line.hasPrefix("  ") && word.hasPrefix("--") ? String(word) : nil
            }
            return (name, options)
        }
    }()

    static func output(_ arguments: [String]) throws -> String {
        let result = try AtlasBinary.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test func theOverviewAndHelpsAreRead() {
        #expect(Self.commands.count >= 20)
        #expect(Self.commands.first { $0.name == "import" }?.options.contains("--batch-size") == true)
    }

    @Test func theManPageNamesEveryCommandAndOption() throws {
        let roff = try Self.output(["--man"])
        #expect(roff.hasPrefix(".\\\""))
        #expect(roff.contains(".TH ATLAS 1"))
        let sections = roff.components(separatedBy: "\n.SS ")
        for (name, options) in Self.commands {
            let escaped = name.replacingOccurrences(of: "-", with: "\\-")
            let section = try #require(sections.first { $0.hasPrefix(escaped + "\n") }, "no section for \(name)")
            #expect(section.contains("\\fBatlas \(escaped)\\fR"), "\(name): no usage")
            for option in options {
                #expect(section.contains("\\fB\(option.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(name) \(option)")
            }
        }
    }

    @Test func completionsListEveryCommandAndOption() throws {
        let bash = try Self.output(["--completions", "bash"])
        let zsh = try Self.output(["--completions", "zsh"])
        let fish = try Self.output(["--completions", "fish"])
        // The first word list offered is the commands'.
        let bashCommands = try #require(bash.split(separator: "\n").first { $0.contains("compgen -W '") })
            .split(whereSeparator: { " '".contains($0) })
        for (name, options) in Self.commands {
            #expect(bashCommands.contains(Substring(name)), "bash: \(name)")
            let bashOptions = bash.components(separatedBy: "\n        \(name))\n").dropFirst().first?
                .split(separator: "\n").first { $0.contains("options=") } ?? ""
            #expect(zsh.contains("'\(name):"), "zsh: \(name)")
            #expect(fish.contains("-a \(name) -d"), "fish: \(name)")
            for option in options {
                #expect(bashOptions.split(whereSeparator: { " '".contains($0) }).contains(Substring(option)), "bash: \(name) \(option)")
                #expect(zsh.contains("'\(option)[") || zsh.contains("'*\(option)["), "zsh: \(name) \(option)")
                #expect(fish.contains("'__fish_seen_subcommand_from \(name)' -l \(option.dropFirst(2)) "), "fish: \(name) \(option)")
            }
        }
        #expect(try AtlasBinary.run(["--completions", "tcsh"]).status == 1)
    }

    /// The bash script completes commands, options and fixed values as bash runs it.
    @Test func bashCompletesAsItSays() throws {
        let directory = Scratch.root.appendingPathComponent("atlas-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("atlas.bash").path
        try Data(try Self.output(["--completions", "bash"]).utf8).write(to: URL(fileURLWithPath: script))
        let probe = """
            source '\(script)'
            compopt() { :; }
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _atlas; echo "${COMPREPLY[*]}"; }
            t atlas con; t atlas stats --count ''; t atlas import --pro; t atlas export --coordinates c; t atlas help stat
            """
        let result = try AtlasBinary.run(program: "/bin/bash", ["-c", probe], environment: nil)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "continents\nun iso all\n--progress\ncity\nstats\n")
    }

    /// Each shell that is installed parses its script.
    @Test(arguments: ["bash", "zsh", "fish"])
    func theShellParsesItsScript(_ shell: String) throws {
        guard let path = ["/bin/", "/usr/bin/"].map({ $0 + shell }).first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let file = Scratch.root.appendingPathComponent("atlas-\(UUID().uuidString).\(shell)")
        try Data(try Self.output(["--completions", shell]).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try AtlasBinary.run(program: path, ["-n", file.path], environment: nil)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(shell): \(result.stderr)")
    }

    /// `man -l` renders the page with every groff warning on, in a UTF-8 and an ASCII locale.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")
                       && FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "man or groff is not installed"))
    func manRendersItWithoutWarnings() throws {
        let file = Scratch.root.appendingPathComponent("atlas-\(UUID().uuidString).1")
        try Data(try Self.output(["--man"]).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for locale in ["C.UTF-8", "C"] {
            let environment = ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "MANPAGER": "cat", "LC_ALL": locale]
            let result = try AtlasBinary.run(program: "/usr/bin/man", ["--warnings=all", "-l", file.path], environment: environment)
            #expect(result.status == 0, "\(locale): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(locale): \(result.stderr)")
            #expect(result.stdout.contains("ATLAS(1)") && result.stdout.contains("import-record"))
        }
    }
}
