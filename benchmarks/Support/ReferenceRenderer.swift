import Foundation
import JSONWriter

/// The JSON renderer as it was before rendering went to bytes (commit 3ff9237, a `String`
/// built scalar by scalar, numbers through Foundation's `String(format: "%.*f")`), kept here
/// unchanged as the definition of today's output: the byte writer must match it exactly
/// (JSONWriterTests), and the baseline `bench-json` measures it against.
public enum ReferenceRenderer {
    public static func rendered(_ v: JSONValue) -> String {
        var out = ""
        write(v, to: &out, indent: nil, level: 0)
        return out
    }

    public static func prettyRendered(_ v: JSONValue) -> String {
        var out = ""
        write(v, to: &out, indent: "  ", level: 0)
        return out
    }

    private static func write(_ v: JSONValue, to out: inout String, indent: String?, level: Int) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d, let digits): out += format(d, digits: digits)
        case .numberText(let text): out += text
        case .string(let s): quote(s, into: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent, level: level)
        case .object(let pairs):
            writeContainer(pairs.map { ($0.0, $0.1) }, open: "{", close: "}", to: &out, indent: indent, level: level)
        }
    }

    private static func writeContainer(_ items: [(String?, JSONValue)], open: String, close: String, to out: inout String, indent: String?, level: Int) {
        out += open
        guard !items.isEmpty else { out += close; return }
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            if let key {
                quote(key, into: &out)
                out += indent == nil ? ":" : ": "
            }
            write(value, to: &out, indent: indent, level: level + 1)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    static func format(_ d: Double, digits: Int) -> String {
        guard d.isFinite else { return "null" }
        var text = String(format: "%.\(digits)f", d)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
