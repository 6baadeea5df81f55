import Foundation
import Gazetteer
import Heap
import JSONWriter
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#endif

let commands: [any Command.Type] = [
    ImportCommand.self, InspectCommand.self, ResolveCommand.self, SearchCommand.self, PlaceCommand.self, BrowseCommand.self,
    ErrorsCommand.self, VerifyCommand.self, ReresolveCommand.self, SetPlaceCommand.self,
    MarkCommand.self, UnmarkCommand.self, MarksCommand.self, CountriesCommand.self, RegionsCommand.self, SubregionsCommand.self, CitiesCommand.self,
    AirportsCommand.self, ContinentsCommand.self, TimelineCommand.self, HomeCommand.self, TripsCommand.self, TripCommand.self, DaysCommand.self,
    FlightsCommand.self,
    StatsCommand.self, MilestonesCommand.self, MapCommand.self, ReportCommand.self, ExportCommand.self, ImportRecordCommand.self,
]

/// The list of commands, made only when shown: every run of a command made it first (0.5 ms).
@MainActor func overview() -> String { Overview.text(commands: commands) }

/// Exits with status 1 after saying that `word` is no command, and which ones are near.
@MainActor func unknownCommand(_ word: String) -> Never {
    let what = word.hasPrefix("-") ? "option" : "command"
    let known = word.hasPrefix("-") ? ["--help", "--version"] : commands.map { $0.name } + ["help"]
    Console.error("atlas: unknown \(what) '\(word.shown)'\(Suggestion.didYouMean(word, among: known))\nRun 'atlas --help' for the list of commands.")
    exit(ExitStatus.usage.rawValue)
}

@MainActor func command(named name: String) -> (any Command.Type)? { commands.first { $0.name == name } }

// From argv's bytes: CommandLine.arguments repairs a name that is not UTF-8 into one that
// opens nothing.
var words = (1..<Int(CommandLine.argc)).map { i in
    FileName.string(UnsafeBufferPointer(start: UnsafeRawPointer(CommandLine.unsafeArgv[i]!).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(CommandLine.unsafeArgv[i]!)))
}
guard var name = words.first else {
    Console.error(overview())
    exit(ExitStatus.usage.rawValue)
}
if ["--help", "-h", "help"].contains(name) {
    // `atlas help import` is `atlas import --help`.
    guard words.count > 1 else {
        Console.out(overview())
        exit(ExitStatus.success.rawValue)
    }
    guard let command = command(named: words[1]) else { unknownCommand(words[1]) }
    Console.out(command.help)
    exit(ExitStatus.success.rawValue)
}
// Hidden: what `make install` writes, built from the declarations (ManPage, Completions).
if name == "--man" || name == "--completions" {
    let shell = words.dropFirst().first ?? ""
    guard let text = name == "--man" ? ManPage.roff(commands: commands)
                                     : Completions.script(shell: shell, commands: commands) else {
        Console.error("atlas: --completions takes \(Completions.shells.joined(separator: ", ")), not '\(shell.shown)'")
        exit(ExitStatus.usage.rawValue)
    }
    Console.outBytes(Data(text.utf8))
    exit(ExitStatus.success.rawValue)
}
// Hidden: the declarations, one JSON object per declared command, for the tests.
if name == "--declarations" {
    for command in commands { Console.out(json: command.declaration.json) }
    exit(ExitStatus.success.rawValue)
}
if name == "--version" {
    Console.out("atlas \(AtlasVersion.current)")
    exit(ExitStatus.success.rawValue)
}
// Hidden: `atlas --parse CMD WORDS…` reads WORDS as CMD does and, when they are good, prints
// the options the command read with their values as JSON instead of running it (for the tests).
let probing = name == "--parse"
if probing {
    words.removeFirst()
    name = words.first ?? ""
}
guard let command = command(named: name) else { unknownCommand(name) }
Console.commandName = "atlas \(name)"
var arguments = Arguments(Array(words.dropFirst()), declaration: command.declaration)
arguments.probing = probing
if arguments.wantsHelp {
    Console.out(command.help)
    exit(ExitStatus.success.rawValue)
}
if command.answersAndExits { LoadingHeap.keepForTheRun() }
do {
    exit(try command.run(&arguments).rawValue)
} catch let error as UsageError {
    if let parsed = error.parsed {
        var read: [(String, JSONValue)] = []
        for (option, value) in parsed {
            read.removeAll { $0.0 == option }
            read.append((option, .string(value)))
        }
        Console.out(json: JSONValue.object(read))
        exit(ExitStatus.success.rawValue)
    }
    Console.error("atlas \(name): \(error.message)" + (error.showsUsage ? "\n" + command.usage + "\nRun 'atlas help \(name)' for more." : ""))
    exit(ExitStatus.usage.rawValue)
} catch let error as CocoaError {
    // Foundation's file errors: the plain reason, not the NSCocoaErrorDomain dump.
    Console.error("atlas \(name): \(error.plainReason)")
    exit(ExitStatus.fatal.rawValue)
} catch {
    Console.error("atlas \(name): \(error)")
    exit(ExitStatus.fatal.rawValue)
}
