import Foundation
import Testing

/// Every declared command and option (`atlas --declarations`), walked through the built
/// program: the help, the man page and each completion script mention every option and
/// choice; each option takes a good value and refuses a bad one, a missing one and an unknown
/// option with the same message shape and status 1 in every command; a choice answers a near
/// miss with "did you mean".
@Suite struct DeclarationsTests {
    struct Declared: Decodable {
        struct Option: Decodable {
            let name: String
            let placeholder: String?
            let choices: [String]
            /// A value it takes, as it is written back once read.
            let valid: String?
            let invalid: String?
            /// The flag it goes with, given with it.
            let requires: String?
            var with: [String] { requires.map { [$0] } ?? [] }
        }
        let name: String
        let usage: String
        let options: [Option]
    }

    static let declared: [Declared] = {
        guard let out = try? AtlasBinary.run(["--declarations"]).stdout else { return [] }
        return out.split(separator: "\n").compactMap { try? JSONDecoder().decode(Declared.self, from: Data($0.utf8)) }
    }()

    /// Where no travel log is: a command that got past its options fails with status 2.
    static let noLog = ["--db", "/nonexistent/atlas.sqlite"]

    @Test func commandsAreDeclared() {
        #expect(Self.declared.count >= 9)
        #expect(Self.declared.contains { $0.name == "countries" })
    }

    @Test func helpManPageAndCompletionsMentionEveryOptionAndChoice() throws {
        let roff = try AtlasBinary.run(["--man"]).stdout
        let sections = roff.components(separatedBy: "\n.SS ")
        let bash = try AtlasBinary.run(["--completions", "bash"]).stdout
        let zsh = try AtlasBinary.run(["--completions", "zsh"]).stdout
        let fish = try AtlasBinary.run(["--completions", "fish"]).stdout
        func roffed(_ s: String) -> String { s.replacingOccurrences(of: "-", with: "\\-") }
        for command in Self.declared {
            let help = try AtlasBinary.run(["help", command.name]).stdout
            #expect(help.hasPrefix(command.usage + "\n"), "\(command.name)")
            let section = try #require(sections.first { $0.hasPrefix(roffed(command.name) + "\n") }, "\(command.name)")
            // From the command's case to its list of options.
            let lines = (bash.components(separatedBy: "\n        \(command.name))\n").dropFirst().first ?? "").split(separator: "\n")
            let end = lines.firstIndex { $0.contains("options=") } ?? lines.endIndex
            let bashBlock = lines[..<min(end + 1, lines.endIndex)].joined(separator: "\n")
            for option in command.options {
                #expect(help.contains("  \(option.name)"), "help \(command.name) \(option.name)")
                #expect(section.contains("\\fB\(roffed(option.name))\\fR"), "man \(command.name) \(option.name)")
                #expect(bashBlock.contains(option.name), "bash \(command.name) \(option.name)")
                #expect(zsh.contains("'\(option.name)[") || zsh.contains("'*\(option.name)["), "zsh \(command.name) \(option.name)")
                #expect(fish.contains("'__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2)) "), "fish \(command.name) \(option.name)")
                guard !option.choices.isEmpty else { continue }
                let words = option.choices.joined(separator: " ")
                #expect(bashBlock.contains("compgen -W '\(words)'"), "bash \(command.name) \(option.name)")
                #expect(zsh.contains("(\(words))"), "zsh \(command.name) \(option.name)")
                #expect(fish.contains("-a '\(words)'"), "fish \(command.name) \(option.name)")
                for choice in option.choices { #expect(help.contains(choice), "help \(command.name) \(option.name) \(choice)") }
            }
        }
    }

    /// A parse error says `atlas CMD: …`, then the usage lines and where more help is; status 1.
    static func expectUsageError(_ words: [String], startingWith message: String) throws {
        let result = try AtlasBinary.run(words)
        let name = words[0]
        #expect(result.status == 1, "\(words): \(result.stderr)")
        #expect(result.stderr.hasPrefix("atlas \(name): \(message)"), "\(words): \(result.stderr)")
        #expect(result.stderr.contains("\nUsage: atlas \(name)") && result.stderr.hasSuffix("Run 'atlas help \(name)' for more.\n"),
                "\(words): \(result.stderr)")
    }

    @Test func unknownMissingAndBadValuesAreTheSameEverywhere() throws {
        for command in Self.declared {
            try Self.expectUsageError([command.name, "--zzz-bogus"] + Self.noLog, startingWith: "unknown option '--zzz-bogus'\n")
            for option in command.options {
                if option.placeholder != nil {
                    try Self.expectUsageError([command.name, option.name], startingWith: "\(option.name) needs a value\n")
                } else {
                    try Self.expectUsageError([command.name, option.name + "=x"] + Self.noLog, startingWith: "\(option.name) takes no value, not 'x'\n")
                }
                if let invalid = option.invalid {
                    try Self.expectUsageError([command.name, option.name, invalid] + option.with + Self.noLog, startingWith: "\(option.name) takes ")
                }
            }
        }
    }

    /// Each option given a good value gets past the parser: no usage error names it.
    @Test func everyOptionTakesAGoodValue() throws {
        for command in Self.declared {
            for option in command.options {
                let value = option.placeholder == nil ? [] : [option.valid ?? "x"]
                let noLog = option.name != "--db" && command.options.contains { $0.name == "--db" } ? Self.noLog : []
                let result = try AtlasBinary.run([command.name, option.name] + value + option.with + noLog)
                for refusal in ["unknown option", "needs a value", "takes no value", "\(option.name) takes", "does not declare"] {
                    #expect(!result.stderr.contains(refusal), "\(command.name) \(option.name): \(result.stderr)")
                }
            }
        }
    }

    /// Each option given its good value reaches the command as that value: `atlas --parse`
    /// runs the command up to where its words are read, then prints what it read, each value
    /// written back as the command line writes it (a flag as "true").
    @Test func everyOptionRoundTripsToTheCommand() throws {
        for command in Self.declared {
            for option in command.options {
                let value = option.placeholder == nil ? [] : [option.valid ?? "x"]
                let result = try AtlasBinary.run(["--parse", command.name, option.name] + value + option.with)
                #expect(result.status == 0, "\(command.name) \(option.name): \(result.stderr)")
                let read = try? JSONDecoder().decode([String: String].self, from: Data(result.stdout.utf8))
                #expect(read?[option.name] == (option.placeholder == nil ? "true" : option.valid),
                        "\(command.name) \(option.name): \(result.stdout)")
            }
        }
    }

    @Test func aChoiceAnswersANearMiss() throws {
        for command in Self.declared {
            for option in command.options {
                guard let choice = option.choices.first(where: { $0.count >= 3 }) ?? option.choices.first else { continue }
                let typo = String(choice.dropLast()) + "z"
                let result = try AtlasBinary.run([command.name, option.name, typo] + option.with + Self.noLog)
                #expect(result.status == 1 && result.stderr.contains("not '\(typo)'; did you mean ") && result.stderr.contains("'\(choice)'?"),
                        "\(command.name) \(option.name): \(result.stderr)")
                let upper = try AtlasBinary.run([command.name, option.name, choice.uppercased()] + option.with + Self.noLog)
                #expect(!upper.stderr.contains("\(option.name) takes"), "\(command.name) \(option.name): \(upper.stderr)")
            }
        }
    }
}
