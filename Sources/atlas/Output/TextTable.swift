import Foundation

/// Text laid out in columns for the terminal, two spaces apart.
///
/// ```swift
/// TextTable.columns(["NAME", "DAYS"], [["Japan", "12"], ["Iceland", "3"]])
/// // NAME     DAYS
/// // Japan      12
/// // Iceland     3
/// ```
enum TextTable {
    /// Digits, with commas grouping them ("3,610"): a number the tables right-align.
    static func isNumber(_ cell: String) -> Bool {
        !cell.isEmpty && cell.utf8.first != UInt8(ascii: ",") && cell.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ",") }
    }

    /// Left-aligned columns under a header; numbers right-aligned after the first column.
    static func columns(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        // The last column's padding of text falls at the end of its line, where it is dropped:
        // its width is wanted only when it aligns a number (a trip's column of places is most
        // of the table's characters).
        let last = header.count - 1
        let padsLast = last > 0 && rows.contains { isNumber($0[last]) }
        let widths = header.indices.map { i in i == last && !padsLast ? 0 : all.map { width($0[i]) }.max() ?? 0 }
        // Written as bytes, each line's trailing spaces dropped as bytes: a trip of 5,000 days
        // padded and trimmed cell by cell as strings, by character, took 290 M instructions.
        let space = UInt8(ascii: " ")
        var out: [UInt8] = []
        for (r, row) in all.enumerated() {
            if r > 0 { out.append(UInt8(ascii: "\n")) }
            let start = out.count
            for i in row.indices {
                if i > 0 { out.append(space); out.append(space) }
                let cell = row[i], pad = repeatElement(space, count: widths[i] == 0 ? 0 : max(0, widths[i] - width(cell)))
                if i > 0 && isNumber(cell) {
                    out.append(contentsOf: pad)
                    out.append(contentsOf: cell.utf8)
                } else {
                    out.append(contentsOf: cell.utf8)
                    out.append(contentsOf: pad)
                }
            }
            while out.count > start, out.last == space { out.removeLast() }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The characters of `cell`: its bytes when they are ASCII, else counted.
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy { $0 < 0x80 } ? cell.utf8.count : cell.count
    }
}

/// Rows of cells printed as left-aligned columns, two spaces apart (a first cell may indent).
func alignedRows(_ rows: [[String]]) -> String {
    let widths = rows.reduce(into: [Int]()) { widths, row in
        for (i, cell) in row.enumerated() {
            if i >= widths.count { widths.append(0) }
            widths[i] = max(widths[i], cell.count)
        }
    }
    return rows.map { row in
        row.enumerated().map { i, cell in i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
            .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }.joined(separator: "\n")
}
