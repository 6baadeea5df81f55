import Foundation
import Testing

/// README promises that nothing leaves the machine: no command opens a socket, not even to the
/// local name service (nscd, which on a host with LDAP or SSSD asks the network for the owner
/// of a file). Each command runs under `strace -f -e trace=socket,connect`.
@Suite(.serialized) struct NoNetworkTests {
    static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The system calls that open or reach a socket, as strace wrote them.
    private static func sockets(_ arguments: [String]) throws -> (AtlasBinary.Result, [String]) {
        let trace = SampleLog.temporaryDirectory() + "/trace"
        let result = try AtlasBinary.run(program: strace!, ["-f", "-qq", "-e", "trace=socket,connect", "-o", trace, AtlasBinary.path] + arguments,
                                         environment: nil)
        let lines = (try? String(contentsOfFile: trace, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return (result, lines.filter { $0.contains("socket(") || $0.contains("connect(") })
    }

    @Test(.enabled(if: strace != nil && SampleLog.gazetteerAvailable, "needs strace and the gazetteer"))
    func noCommandOpensASocket() throws {
        let db = try SampleLog.copy()
        let folder = SampleLog.temporaryDirectory()
        let record = folder + "/record.json"
        let commands: [[String]] = [
            ["import", SampleLog.root + "/Samples/trip", "--db", db, "--progress", "never"],   // into an existing log
            ["reresolve", "--db", db], ["export", "--db", db, "--output", record],
            ["import-record", record, "--db", folder + "/restored.sqlite"],
            ["errors", "--db", db], ["verify", "--db", db], ["marks", "--db", db],
            ["countries", "--db", db], ["regions", "--db", db], ["cities", "--db", db], ["airports", "--db", db],
            ["continents", "--db", db], ["timeline", "--db", db], ["home", "--db", db], ["trips", "--db", db],
            ["days", "--db", db], ["days", "--rule", "schengen", "--stay", "10", "--json", "--db", db], ["flights", "--db", db], ["stats", "--db", db], ["stats", "--json", "--db", db],
            ["map", "--db", db, "--output", folder + "/map.html"], ["report", "--db", db, "--output", folder + "/report.html"],
            ["resolve", "48.8584", "2.2945"], ["search", "lyon"], ["inspect", SampleLog.root + "/Samples/trip"],
        ]
        for command in commands {
            let (result, sockets) = try Self.sockets(command)
            #expect(result.status == 0 || result.status == 3, "atlas \(command.joined(separator: " ")): \(result.stderr)")
            #expect(sockets.isEmpty, "atlas \(command[0]) opened a socket: \(sockets.prefix(3).joined(separator: "; "))")
        }
    }
}
