import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One Chromium process, spoken to in the DevTools protocol over `--remote-debugging-pipe`:
/// Chromium reads commands from fd 3 and writes answers and events to fd 4, each a JSON object
/// ending in a NUL byte.
///
/// ```swift
/// let pipe = try DevToolsPipe(executable: path, arguments: ["--remote-debugging-pipe"], log: logURL, timeout: .seconds(60))
/// defer { pipe.close() }
/// pipe.onEvent = { method, params, session in … }
/// let target = try pipe.call("Target.createTarget", ["url": "about:blank"])
/// ```
///
/// Every wait ends by the deadline set at launch, so a stuck browser fails a test instead of
/// hanging it. Not thread-safe: one caller owns it from launch to ``close(gracefully:)``.
final class DevToolsPipe {
    let pid: pid_t
    /// Our end of the socket whose other end is the browser's fds 3 and 4.
    private let socket: Int32
    private let log: URL
    private let deadline: ContinuousClock.Instant
    private let timeoutSeconds: Int
    private var buffer: [UInt8] = []
    /// How far `buffer` has been searched for a NUL, so a long message read in many pieces
    /// (a screenshot is megabytes) is not searched from its start after every piece.
    private var searched = 0
    private var nextID = 1
    private var closed = false

    /// Called with every event (a message with a method and no id), in the order Chromium sent them.
    var onEvent: (_ method: String, _ params: [String: Any], _ sessionId: String?) -> Void = { _, _, _ in }

    /// Starts `executable` with `arguments`, its stdout and stderr going to `log`.
    init(executable: String, arguments: [String], log: URL, timeout: Duration) throws {
        self.log = log
        self.deadline = .now + timeout
        self.timeoutSeconds = Int(timeout.components.seconds)

        // One socket pair rather than two pipes: the browser gets the same end as fd 3 and fd 4,
        // and a write to a browser that has died fails with EPIPE (send's MSG_NOSIGNAL) instead of
        // raising SIGPIPE, which would kill the whole test process. CLOEXEC at creation so no
        // other test's child, spawned at the same moment, inherits an end and keeps it open.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw BrowserError.launchFailed("socketpair: \(String(cString: strerror(errno)))")
        }
        // The child's descriptors are moved above 4 first, so no dup2 below has source == target
        // (which would leave CLOEXEC set on old C libraries) or overwrites one still to be copied.
        let child = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(ends[1])
        let logFD = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let movedLog = logFD >= 0 ? fcntl(logFD, F_DUPFD_CLOEXEC, 10) : -1
        if logFD >= 0 { Glibc.close(logFD) }
        defer {
            if child >= 0 { Glibc.close(child) }
            if movedLog >= 0 { Glibc.close(movedLog) }
        }
        guard child >= 0, movedLog >= 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(ends[0])
            throw BrowserError.launchFailed("cannot set up its descriptors: \(reason)")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, movedLog, 1)
        posix_spawn_file_actions_adddup2(&actions, movedLog, 2)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        posix_spawn_file_actions_adddup2(&actions, child, 4)
        // Descriptors other code left inheritable (another test's pipe, say) would otherwise stay
        // open in the browser, and that test would wait for the browser to exit to see EOF.
        // Looked up at run time: Swift's Glibc module does not declare it (glibc 2.34 and later have it).
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 5)
        }

        // Its own process group, so that close() can kill the browser with every process it
        // started (renderer, zygote, and the shell of a wrapper script) in one signal.
        // The signal mask survives exec: the browser starts with none blocked, whatever the
        // spawning test thread blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            Glibc.close(ends[0])
            throw BrowserError.launchFailed("posix_spawn \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.socket = ends[0]
    }

    deinit { close(gracefully: false) }

    /// Sends `method` and returns its result, handing the events that come first to ``onEvent``.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try write(try Self.frame(message), waitingFor: method)
        while true {
            let reply = try nextMessage(waitingFor: method)
            guard let replyID = reply["id"] as? Int else {
                dispatch(reply)
                continue
            }
            guard replyID == id else { continue }   // an answer to nothing this caller waits for
            if let error = reply["error"] as? [String: Any] {
                let message = [error["message"] as? String, error["data"] as? String].compactMap { $0 }.joined(separator: ": ")
                throw BrowserError.protocolError(method: method, message: message.isEmpty ? "\(error)" : message)
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Reads messages, handing events to ``onEvent``, until `condition` holds; `what` names the
    /// wait in errors.
    func wait(for what: String, until condition: () -> Bool) throws {
        while !condition() { dispatch(try nextMessage(waitingFor: what)) }
    }

    /// Ends the browser and reaps it; safe to call more than once. `gracefully` asks it to close
    /// first (Browser.close) and gives it a few seconds; whatever is left is killed either way.
    func close(gracefully: Bool = false) {
        guard !closed else { return }
        closed = true
        if gracefully, (try? write(Self.frame(["id": nextID, "method": "Browser.close"]), waitingFor: "Browser.close")) != nil {
            // The browser closes its end when it exits: read until then, or until 5 s are up.
            let until = min(deadline, .now + .seconds(5))
            var scratch = [UInt8](repeating: 0, count: 65536)
            while let ms = Self.milliseconds(until: until) {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, ms)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0, read(socket, &scratch, scratch.count) > 0 else { break }
            }
        }
        // The leader is not reaped yet, so its pid (the group's id) cannot have been reused.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        Glibc.close(socket)
    }

    /// A message as the pipe carries it: JSON, then a NUL.
    private static func frame(_ message: [String: Any]) throws -> [UInt8] {
        try [UInt8](JSONSerialization.data(withJSONObject: message)) + [0]
    }

    private func dispatch(_ message: [String: Any]) {
        guard let method = message["method"] as? String else { return }
        onEvent(method, message["params"] as? [String: Any] ?? [:], message["sessionId"] as? String)
    }

    private func write(_ bytes: [UInt8], waitingFor what: String) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 {
                sent += n
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try waitUntilReady(Int16(POLLOUT), waitingFor: what)
            } else if errno != EINTR {
                throw BrowserError.browserExited(waitingFor: what, log: logTail())
            }
        }
    }

    /// The next complete message, reading as much as it takes.
    private func nextMessage(waitingFor what: String) throws -> [String: Any] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = buffer[searched...].firstIndex(of: 0) {
                let body = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                searched = 0
                guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                    throw BrowserError.protocolError(method: what, message: "unreadable message: \(String(decoding: body.prefix(200), as: UTF8.self))")
                }
                return message
            }
            searched = buffer.count
            try waitUntilReady(Int16(POLLIN), waitingFor: what)
            let n = read(socket, &chunk, chunk.count)
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
            } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                throw BrowserError.browserExited(waitingFor: what, log: logTail())
            }
        }
    }

    private func waitUntilReady(_ events: Int16, waitingFor what: String) throws {
        while true {
            guard let ms = Self.milliseconds(until: deadline) else {
                throw BrowserError.timeout(waitingFor: what, seconds: timeoutSeconds)
            }
            var poller = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&poller, 1, ms)
            if ready > 0 { return }   // readable, writable, or hung up: the read or send says which
            if ready < 0, errno != EINTR { throw BrowserError.browserExited(waitingFor: what, log: logTail()) }
        }
    }

    /// What is left until `instant`, rounded up for poll; nil once it has passed.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32? {
        let left = ContinuousClock.now.duration(to: instant).components
        let ms = Double(left.seconds) * 1000 + Double(left.attoseconds) / 1e15
        guard ms > 0 else { return nil }
        return Int32(min(Double(Int32.max), ms.rounded(.up)))
    }

    /// The end of what the browser wrote to stdout and stderr, for an error to show.
    private func logTail() -> String {
        guard let data = try? Data(contentsOf: log) else { return "" }
        return String(decoding: data.suffix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
