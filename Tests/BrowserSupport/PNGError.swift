/// Why ``RasterImage/init(png:)`` refused some bytes.
///
/// ```swift
/// #expect(throws: PNGError.self) { try RasterImage(png: Data("GIF89a".utf8)) }
/// ```
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first eight bytes are not PNG's signature.
    case notPNG
    /// A chunk, or the image data inflated, is shorter or longer than it says.
    case truncated(String)
    /// The bytes are a PNG, but one that breaks the format's rules.
    case malformed(String)
    /// A valid PNG of a kind the decoder does not read (it reads what Chromium writes:
    /// 8-bit RGB or RGBA, not interlaced).
    case unsupported(String)

    public var description: String {
        switch self {
        case .notPNG: return "not a PNG: the signature is wrong"
        case .truncated(let what): return "truncated PNG: \(what)"
        case .malformed(let what): return "malformed PNG: \(what)"
        case .unsupported(let what): return "unsupported PNG: \(what)"
        }
    }
}
