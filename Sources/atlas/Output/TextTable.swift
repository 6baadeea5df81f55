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
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { i -> String in
                let cell = row[i], pad = String(repeating: " ", count: widths[i] - cell.count)
                return i > 0 && isNumber(cell) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
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

extension String {
    /// Without the spaces at its end (a table's last column padded to its width).
    var trimmingTrailingSpaces: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
