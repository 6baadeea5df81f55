import Foundation

/// What one page's DevTools events said, gathered while ``Browser`` waits for its answers.
/// A class because the pipe's event handler fills it while the render reads it; one render
/// owns it, on one thread.
final class PageEvents {
    /// The page's session: events of other targets (and the browser's own) are ignored.
    var session: String?
    var loaded = false
    /// Every request the page began, with Chromium's id for it, in order.
    private(set) var requests: [(id: String, url: String)] = []
    private(set) var errors: [String] = []

    func record(_ method: String, _ params: [String: Any], _ sessionId: String?) {
        guard sessionId != nil, sessionId == session else { return }
        switch method {
        case "Page.loadEventFired":
            loaded = true
        case "Network.requestWillBeSent":
            if let id = params["requestId"] as? String, let request = params["request"] as? [String: Any], let url = request["url"] as? String {
                requests.append((id, url))
            }
        case "Runtime.consoleAPICalled":
            guard let type = params["type"] as? String, type == "error" || type == "assert" else { return }
            let arguments = (params["args"] as? [[String: Any]] ?? []).map(Self.text)
            errors.append(arguments.isEmpty ? "console.\(type)" : arguments.joined(separator: " "))
        case "Runtime.exceptionThrown":
            if let details = params["exceptionDetails"] as? [String: Any] { errors.append(Self.describe(details)) }
        case "Log.entryAdded":
            guard let entry = params["entry"] as? [String: Any], entry["level"] as? String == "error" else { return }
            let text = entry["text"] as? String ?? "(no text)"
            errors.append((entry["url"] as? String).map { "\(text) (\($0))" } ?? text)
        default:
            break
        }
    }

    /// An exception as the console shows it: "Uncaught Error: boom" and its stack.
    static func describe(_ details: [String: Any]) -> String {
        let text = details["text"] as? String ?? "Uncaught"
        guard let exception = details["exception"] as? [String: Any] else { return text }
        let what = exception["description"] as? String ?? Self.text(exception)
        return "\(text) \(what)"
    }

    /// One console argument (a DevTools RemoteObject) as text: a primitive's value, otherwise
    /// the description Chromium gives (an Error's message and stack, "Object", an array's size).
    static func text(_ object: [String: Any]) -> String {
        if let string = object["value"] as? String { return string }
        if let value = object["value"], !(value is NSNull) { return "\(value)" }
        if let description = object["description"] as? String { return description }
        if let unserializable = object["unserializableValue"] as? String { return unserializable }
        return object["type"] as? String ?? "?"
    }
}
