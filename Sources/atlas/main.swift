import Foundation
import Gazetteer
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#endif

let commands: [any Command.Type] = [
    ImportCommand.self, InspectCommand.self, ResolveCommand.self, SearchCommand.self, PlaceCommand.self, BrowseCommand.self,
    ErrorsCommand.self, ReresolveCommand.self, SetPlaceCommand.self,
    MarkCommand.self, UnmarkCommand.self, MarksCommand.self, CountriesCommand.self, RegionsCommand.self, CitiesCommand.self,
    AirportsCommand.self, ContinentsCommand.self, TimelineCommand.self, StatsCommand.self, ExportCommand.self, ImportRecordCommand.self,
]

let overview = """
    atlas — an offline travel atlas for photo libraries

    Usage: atlas COMMAND [OPTIONS]
           atlas --version

    Commands:
    \(commands.map { "  " + $0.name.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run 'atlas COMMAND --help' for a command's options. Every command exits with status 4
    when its output cannot be written (stdout, stderr or --output: a full disk, a bad descriptor).
    """

// From argv's bytes: CommandLine.arguments repairs a name that is not UTF-8 into one that
// opens nothing.
var words = (1..<Int(CommandLine.argc)).map { i in
    FileName.string(UnsafeBufferPointer(start: UnsafeRawPointer(CommandLine.unsafeArgv[i]!).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(CommandLine.unsafeArgv[i]!)))
}
guard let name = words.first, !["--help", "-h", "help"].contains(name) else {
    if words.isEmpty { Console.error(overview); exit(ExitStatus.usage.rawValue) }
    Console.out(overview)
    exit(ExitStatus.success.rawValue)
}
// Hidden: what `make install` writes, built from the help texts (ManPage, Completions).
if name == "--man" || name == "--completions" {
    let shell = words.dropFirst().first ?? ""
    guard let text = name == "--man" ? ManPage.roff(commands: commands, overview: overview)
                                     : Completions.script(shell: shell, commands: commands) else {
        Console.error("atlas: --completions takes \(Completions.shells.joined(separator: ", ")), not '\(shell.shown)'")
        exit(ExitStatus.usage.rawValue)
    }
    Console.outBytes(Data(text.utf8))
    exit(ExitStatus.success.rawValue)
}
if name == "--version" {
    Console.out("atlas \(AtlasVersion.current)")
    exit(ExitStatus.success.rawValue)
}
guard let command = commands.first(where: { $0.name == name }) else {
    Console.error("atlas: unknown command '\(name.shown)'\n\n\(overview)")
    exit(ExitStatus.usage.rawValue)
}
Console.commandName = "atlas \(name)"
var arguments = Arguments(Array(words.dropFirst()))
if arguments.wantsHelp {
    Console.out(command.help)
    exit(ExitStatus.success.rawValue)
}
do {
    exit(try command.run(&arguments).rawValue)
} catch let error as UsageError {
    Console.error("atlas \(name): \(error.message)\n\n\(command.help)")
    exit(ExitStatus.usage.rawValue)
} catch let error as CocoaError {
    // Foundation's file errors: the plain reason, not the NSCocoaErrorDomain dump.
    Console.error("atlas \(name): \(error.plainReason)")
    exit(ExitStatus.fatal.rawValue)
} catch {
    Console.error("atlas \(name): \(error)")
    exit(ExitStatus.fatal.rawValue)
}
