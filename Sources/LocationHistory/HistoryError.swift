/// Why a location history could not be read to its end, and where: the byte offset in the file
/// of the first byte that is wrong (or of the end, for a file cut short).
///
/// ```swift
/// summary.cutShort?.description   // "cut short at byte 1048576: the file ends inside a string"
/// ```
///
/// Everything before the offset has been delivered to the sink. A value type; `Sendable`.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The file ends inside the document (a download or copy that stopped).
        case cutShort(String)
        /// Bytes that are not the JSON (or the line) the format has there.
        case malformed(String)
        /// Containers nested deeper than ``JSONScanner/maximumDepth``.
        case tooDeep
        /// A string longer than ``JSONScanner/maximumString`` bytes.
        case stringTooLong
        /// A number longer than ``JSONScanner/maximumNumber`` bytes, or out of range where a value is needed.
        case badNumber(String)
        /// The file could not be opened or read.
        case unreadable(String)
    }

    /// The byte offset in the file (0 for a file that could not be opened).
    public let offset: Int64
    public let reason: Reason

    public init(offset: Int64, reason: Reason) {
        (self.offset, self.reason) = (offset, reason)
    }

    public var isCutShort: Bool { if case .cutShort = reason { true } else { false } }

    public var description: String {
        switch reason {
        case .cutShort(let what): "cut short at byte \(offset): \(what)"
        case .malformed(let what): "not well-formed at byte \(offset): \(what)"
        case .tooDeep: "nested deeper than \(JSONScanner.maximumDepth) at byte \(offset)"
        case .stringTooLong: "a string longer than \(JSONScanner.maximumString) bytes at byte \(offset)"
        case .badNumber(let what): "\(what) at byte \(offset)"
        case .unreadable(let why): "cannot be read: \(why)"
        }
    }
}
