/// Text made safe for XML and HTML (GPX, SVG, the report), in character data and in quoted
/// attribute values.
///
/// ```swift
/// Markup.escape("Bosnia & Herzegovina")   // "Bosnia &amp; Herzegovina"
/// ```
///
/// `&`, `<`, `>`, `"` and `'` become entities; the characters XML 1.0 forbids (C0 controls other
/// than tab, newline and return; U+FFFE, U+FFFF) become U+FFFD, since no escape can write them
/// and a trip renamed with one must not make the file unreadable. Stateless.
public enum Markup {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { "&<>\"'".unicodeScalars.contains($0) || forbidden($0) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(forbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    private static func forbidden(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
