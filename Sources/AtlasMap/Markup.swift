/// Text made safe for XML and HTML, in element content and in double-quoted attributes.
///
/// ```swift
/// Markup.escape("Bosnia & Herzegovina")   // "Bosnia &amp; Herzegovina"
/// ```
public enum Markup {
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.count + 8)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
