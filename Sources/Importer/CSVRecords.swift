/// The records of a CSV text (RFC 4180: comma-separated, fields in double quotes may hold commas,
/// quotes doubled and line breaks), each with the line it starts on. A byte-order mark is
/// skipped; CRLF and LF both end records; blank lines are no records.
///
/// ```swift
/// CSVRecords.parse("date,from,to\n2024-04-01,FRA,NRT\n").map(\.fields)   // [["date", "from", "to"], ["2024-04-01", "FRA", "NRT"]]
/// ```
///
/// Stateless; `Sendable`.
public enum CSVRecords {
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    public static func parse(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false, wasQuoted = false
        var line = 1, recordLine = 1
        var bytes = Array(text.utf8)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            (field, wasQuoted) = ([], false)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 1 } else { quoted = false }
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
            } else {
                switch b {
                case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted: (quoted, wasQuoted) = (true, true)
                case UInt8(ascii: ","): endField()
                case UInt8(ascii: "\r") where i + 1 < bytes.endIndex && bytes[i + 1] == UInt8(ascii: "\n"): break
                case UInt8(ascii: "\n"):
                    endRecord()
                    line += 1
                    recordLine = line
                default: field.append(b)
                }
            }
            i += 1
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
