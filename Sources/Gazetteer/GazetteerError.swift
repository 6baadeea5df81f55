/// Why the gazetteer could not be opened or read; always names the file.
public struct GazetteerError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "gazetteer \(path): \(reason)" }
}
