/// Why ``Browser/render(_:width:height:mobile:)`` could not report a rendering.
///
/// Each case's ``description`` says what went wrong in words a failing test can show as is:
///
/// ```swift
/// do { _ = try Browser.render(page, width: 800, height: 600) }
/// catch let error as BrowserError { print(error) }   // "Chromium did not answer Page.navigate within 60 s"
/// ```
public enum BrowserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No chromium-headless-shell is installed (`./bootstrap --tests` installs it).
    case executableMissing
    /// The browser could not be started at all (`posix_spawn` or a system call before it failed).
    case launchFailed(String)
    /// The browser closed its end of the DevTools pipe while the harness still waited for
    /// `waitingFor`; `log` is the end of what it wrote to stderr.
    case browserExited(waitingFor: String, log: String)
    /// Nothing came for `waitingFor` within `seconds`: the browser is stuck, not the test.
    case timeout(waitingFor: String, seconds: Int)
    /// Chromium answered `method` with an error: `message` is its own.
    case protocolError(method: String, message: String)
    /// The page could not be loaded (a missing file, say): `reason` is Chromium's net error.
    case navigationFailed(url: String, reason: String)

    public var description: String {
        switch self {
        case .executableMissing:
            return "no chromium-headless-shell is installed (./bootstrap --tests installs it)"
        case .launchFailed(let why):
            return "Chromium could not be started: \(why)"
        case .browserExited(let waitingFor, let log):
            return "Chromium exited while the harness waited for \(waitingFor)" + (log.isEmpty ? "" : "; its log ends:\n\(log)")
        case .timeout(let waitingFor, let seconds):
            return "Chromium did not answer \(waitingFor) within \(seconds) s"
        case .protocolError(let method, let message):
            return "Chromium refused \(method): \(message)"
        case .navigationFailed(let url, let reason):
            return "Chromium could not load \(url): \(reason)"
        }
    }
}
