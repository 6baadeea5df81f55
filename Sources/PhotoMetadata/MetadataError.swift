/// Why a file gave no metadata at all: it could not be read, or it is not an image this
/// reader understands. A photo that simply has no GPS is *not* an error; see ``GPSIssue``.
///
/// ```swift
/// do { _ = try MetadataReader().read(path: "/photos/broken.jpg") }
/// catch { print(error) }   // "/photos/broken.jpg: truncated: JPEG ends inside a segment"
/// ```
///
/// Values are immutable and `Sendable`.
public struct MetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read (permissions, vanished, I/O error).
        case unreadable(String)
        /// Zero bytes long.
        case empty
        /// The first bytes are no image format this reader knows.
        case unrecognisedFormat
        /// The container ends before a structure it announces.
        case truncated(String)
        /// The container is inconsistent in a way that makes its metadata unreachable.
        case corrupt(String)
    }

    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// A short, stable label for grouping errors (`unreadable`, `empty`, `unrecognised-format`, ...).
    public var kind: String {
        switch reason {
        case .unreadable: "unreadable"
        case .empty: "empty"
        case .unrecognisedFormat: "unrecognised-format"
        case .truncated: "truncated"
        case .corrupt: "corrupt"
        }
    }

    /// The reason in words, without the path.
    public var message: String {
        switch reason {
        case .unreadable(let why): "unreadable: \(why)"
        case .empty: "empty file"
        case .unrecognisedFormat: "not a recognised image format"
        case .truncated(let what): "truncated: \(what)"
        case .corrupt(let what): "corrupt: \(what)"
        }
    }

    public var description: String { "\(path): \(message)" }
}
