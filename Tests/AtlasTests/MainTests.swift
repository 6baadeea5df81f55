import Testing

/// `atlas` before a command is known: help, the version, and what a mistyped command gets.
@Suite struct MainTests {
    @Test func helpCommandIsTheCommandsOwnHelp() throws {
        for name in ["import", "countries", "resolve", "mark"] {
            let own = try AtlasBinary.run([name, "--help"])
            #expect(own.status == 0 && own.stdout.hasPrefix("Usage: atlas \(name)"))
            for help in [["help", name], ["--help", name], ["-h", name]] {
                let result = try AtlasBinary.run(help)
                #expect(result.status == 0 && result.stdout == own.stdout && result.stderr.isEmpty, "\(help)")
            }
        }
        let overview = try AtlasBinary.run(["help"])
        #expect(overview.status == 0 && overview.stdout.contains("Commands:") && overview.stdout.contains("atlas help COMMAND"))
    }

    @Test func anUnknownCommandSaysWhatWasMeantInTwoLines() throws {
        let result = try AtlasBinary.run(["contries"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == "atlas: unknown command 'contries'; did you mean 'countries'?\nRun 'atlas --help' for the list of commands.\n")
        for (typed, meant) in [("improt", "import"), ("country", "countries"), ("stat", "stats"), ("serach", "search"), ("regoins", "regions")] {
            let r = try AtlasBinary.run([typed, "--db", "/nonexistent"])
            #expect(r.status == 1 && r.stderr.contains("did you mean '\(meant)'?"), "\(typed): \(r.stderr)")
        }
        let far = try AtlasBinary.run(["xyzzy"])
        #expect(far.status == 1 && !far.stderr.contains("did you mean") && far.stderr.contains("unknown command 'xyzzy'"))
        let helpTypo = try AtlasBinary.run(["help", "contries"])
        #expect(helpTypo.status == 1 && helpTypo.stderr.contains("did you mean 'countries'?"))
        let option = try AtlasBinary.run(["--verison"])
        #expect(option.status == 1 && option.stderr.contains("unknown option '--verison'; did you mean '--version'?"))
    }

    /// A usage error shows the message and the usage lines, not the whole help.
    @Test func aUsageErrorIsShort() throws {
        let result = try AtlasBinary.run(["countries", "--jsn"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr == """
            atlas countries: unknown option '--jsn'; did you mean '--json'?
            Usage: atlas countries [--year YYYY] [--continent PLACE] [--sort KEY] [--evidence KINDS] [--db PATH] [--json]
            Run 'atlas help countries' for more.

            """)
    }
}
