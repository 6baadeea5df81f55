/// File names as the kernel keeps them: bytes, nearly always UTF-8, carried in a `String`
/// without loss even when they are not.
///
/// A byte that is not part of valid UTF-8 becomes the private-use character U+F700 + byte
/// (0x80…0xFF → U+F780…U+F7FF), and so does each byte of a real U+F780…U+F7FF character, so
/// the mapping is one-to-one and ``withCString(_:_:)`` gives back the very bytes
/// ``string(_:)`` was given. Valid UTF-8 names are untouched.
///
/// ```swift
/// let name = FileName.string([0x66, 0xFF])         // "f\u{F7FF}"
/// FileName.withCString(name) { open($0, O_RDONLY) }  // opens the file named 66 FF
/// ```
///
/// Stateless; safe from any thread.
public enum FileName {
    private static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF

    /// The name or path whose bytes these are.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        if let valid = String(validating: bytes, as: UTF8.self), !mayHoldEscapes(valid) { return valid }
        let b = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            if let (scalar, length) = scalar(in: b, at: i), !escapes.contains(scalar.value) {
                scalars.append(scalar)
                i += length
            } else {
                // A byte outside valid UTF-8 (≥ 0x80), or one of an escape character's own bytes.
                let length = scalar(in: b, at: i)?.1 ?? 1
                for byte in b[i..<i + length] { scalars.append(Unicode.Scalar(0xF700 + UInt32(byte))!) }
                i += length
            }
        }
        return String(scalars)
    }

    /// The bytes of a name made by ``string(_:)`` (or any other string), without the NUL.
    public static func bytes(_ name: String) -> [UInt8] {
        guard mayHoldEscapes(name) else { return Array(name.utf8) }
        var out: [UInt8] = []
        for scalar in name.unicodeScalars {
            if escapes.contains(scalar.value) { out.append(UInt8(scalar.value - 0xF700)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the NUL-terminated bytes of `name`, for the system calls.
    public static func withCString<R>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard mayHoldEscapes(name) else { return try name.withCString(body) }
        return try (bytes(name).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// U+F780…U+F7FF are EF 9E 80 … EF 9F BF in UTF-8: without such a pair, nothing to undo.
    private static func mayHoldEscapes(_ s: String) -> Bool {
        // A native string's bytes are contiguous, and a path almost never holds 0xEF: one scan
        // of the buffer settles most, where a walk of the UTF-8 view cost 1,800 instructions a
        // path (an import opens, marks and stores every path). A path holding it is walked.
        if s.utf8.withContiguousStorageIfAvailable({ !$0.contains(0xEF) }) == true { return false }
        var previous: UInt8 = 0
        for byte in s.utf8 {
            if previous == 0xEF && (byte == 0x9E || byte == 0x9F) { return true }
            previous = byte
        }
        return false
    }

    /// The scalar a well-formed UTF-8 sequence at `i` encodes, and its length; nil when the
    /// bytes there are no such sequence (overlong, surrogate, beyond U+10FFFF, cut short).
    private static func scalar(in b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let (length, smallest): (Int, UInt32)
        switch lead {
        case 0xC0...0xDF: (length, smallest) = (2, 0x80)
        case 0xE0...0xEF: (length, smallest) = (3, 0x800)
        case 0xF0...0xF7: (length, smallest) = (4, 0x10000)
        default: return nil
        }
        guard i + length <= b.count else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for byte in b[(i + 1)..<(i + length)] {
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The extension of the last component of `path`, lower case, without its dot; nil when
    /// there is none.
    public static func extensionLowercased(_ path: String) -> String? {
        // Bytes from the end, as a walk asks this of every file: Character-wise search and
        // Foundation's `contains` cost 5% of a re-import.
        let utf8 = path.utf8
        var i = utf8.endIndex
        while i > utf8.startIndex {
            let before = utf8.index(before: i)
            switch utf8[before] {
            case UInt8(ascii: "."): return path[i...].lowercased()
            case UInt8(ascii: "/"): return nil
            default: i = before
            }
        }
        return nil
    }
}
