/// The text of a JSON array of strings, for a query that reads a list through SQLite's
/// `json_each(?)`: one statement for any number of identifiers.
///
/// ```swift
/// JSONList(["FR.84", "say \"hi\""]).text   // ["FR.84","say \"hi\""]
/// ```
///
/// Foundation's `JSONSerialization` made the list of an export's regions in 14 M instructions
/// (objects bridged one by one); a list is only quotes, escapes and commas. A value type.
struct JSONList {
    let text: String

    private static let hex = Array("0123456789abcdef".utf8)

    init(_ values: some Sequence<String>) {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out += [UInt8(ascii: "\\"), byte]
                case ..<0x20:
                    // A control character as \u00XX (RFC 8259, section 7).
                    out += Array("\\u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
                default:
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        text = String(decoding: out, as: UTF8.self)
    }
}
