import Foundation
import Testing
@testable import BrowserSupport

/// The pipe's failures, against shell scripts standing in for a browser that hangs, dies or
/// refuses: no Chromium needed, and none of them may hang the test.
@Suite struct DevToolsPipeTests {
    /// Starts `script` under /bin/sh as the "browser", its output going to a log in `fixtures`.
    func pipe(_ script: String, _ fixtures: Fixtures, timeout: Duration = .seconds(20)) throws -> DevToolsPipe {
        try DevToolsPipe(executable: "/bin/sh", arguments: ["-c", script],
                         log: fixtures.directory.appendingPathComponent("log"), timeout: timeout)
    }

    @Test func aBrowserThatNeverAnswersTimesOutAndIsKilledWithItsChildren() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        // The "browser" starts a child of its own and tells us its pid, then hangs.
        let pipe = try pipe("sleep 300 & echo $!; sleep 300", fixtures, timeout: .seconds(1))
        let start = ContinuousClock.now
        #expect(throws: BrowserError.timeout(waitingFor: "Target.createTarget", seconds: 1)) {
            try pipe.call("Target.createTarget", ["url": "about:blank"])
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        pipe.close()
        let child = try String(contentsOf: fixtures.directory.appendingPathComponent("log"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int32(child) != nil, "the script's output: \(child)")
        // Killed: gone, or a zombie waiting for whoever inherited it. A signal is delivered when
        // its target next runs, so on a busy machine that can take a moment.
        func state() -> Substring? {
            (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
        }
        let patience = ContinuousClock.now + .seconds(5)
        while let s = state(), s != "Z", ContinuousClock.now < patience { usleep(10_000) }
        #expect(state() == nil || state() == "Z", "the browser's child is still running (state \(state().map(String.init) ?? "?"))")
    }

    @Test func theBrowserInheritsItsPipeAndLogAndNothingElse() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        // As another test's pipe would be: open in this process, and not closed on exec.
        let stray = open("/dev/null", O_RDONLY)
        defer { close(stray) }
        #expect(stray >= 0)
        let pipe = try pipe("ls /proc/$$/fd; exit 0", fixtures)
        #expect(throws: BrowserError.self) { try pipe.call("Browser.getVersion") }
        pipe.close()
        let listed = try String(contentsOf: fixtures.directory.appendingPathComponent("log"), encoding: .utf8)
            .split(separator: "\n").compactMap { Int32($0) }.sorted()
        #expect(listed == [0, 1, 2, 3, 4], "stray descriptor \(stray)")
    }

    @Test func aBrowserThatDiesIsReportedWithItsLog() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let pipe = try pipe("echo 'cannot open display' >&2; exit 3", fixtures)
        defer { pipe.close() }
        let error = #expect(throws: BrowserError.self) { try pipe.call("Target.createTarget") }
        guard case .browserExited(let waitingFor, let log) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(waitingFor == "Target.createTarget")
        #expect(log == "cannot open display")
    }

    @Test func chromiumsErrorMessageIsPassedOnAndEventsComeFirst() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        // Reads the command (to its NUL), then sends an event and an error for id 1, as Chromium would.
        let script = fixtures.directory.appendingPathComponent("refuse.sh")
        try Data(#"""
            head -c 1 <&3 >/dev/null
            printf '{"method":"Log.entryAdded","sessionId":"S","params":{"entry":{"level":"error","text":"x"}}}\000' >&4
            printf '{"id":1,"error":{"code":-32601,"message":"'"'"'Page.fly'"'"' wasn'"'"'t found"}}\000' >&4
            sleep 300
            """#.utf8).write(to: script)
        let pipe = try pipe(". '\(script.path)'", fixtures)
        defer { pipe.close() }
        var events: [String] = []
        pipe.onEvent = { method, _, session in events.append("\(method) in \(session ?? "none")") }
        #expect(throws: BrowserError.protocolError(method: "Page.fly", message: "'Page.fly' wasn't found")) {
            try pipe.call("Page.fly", session: "S")
        }
        #expect(events == ["Log.entryAdded in S"])
    }
}
