import JSONWriter

/// Strings the resolver answers with again and again (time zones, boundary qualities), each
/// kept once as UTF-8 in memory the table owns and known by its position: a resolution holds a
/// position, and the JSON writer copies the bytes, without a `String` to retain and release on
/// every line (on several threads at once, a shared string's reference count is a cache line
/// that bounces between the cores).
///
/// ```swift
/// let zones = TextTable(["Europe/Paris", "Asia/Tokyo", "Europe/Paris"])
/// zones.position(of: "Asia/Tokyo")                 // 1
/// zones.string(0)                                   // "Europe/Paris"
/// zones.json(1)                                     // the bytes of "\"Asia/Tokyo\""
/// ```
///
/// Immutable; safe to share between threads.
final class TextTable: @unchecked Sendable {
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where string i starts (i) and ends (i + 1) in `bytes`.
    private let starts: [Int]
    /// Each string as a JSON string (quoted, escaped), end to end: a batch writes one or two a
    /// line, and copying them is cheaper than quoting them each time.
    private let quoted: UnsafeMutableBufferPointer<UInt8>
    private let quotedStarts: [Int]
    private let positions: [String: Int32]

    /// Each distinct string of `strings` once, in the order first met.
    init(_ strings: some Sequence<String>) {
        var positions: [String: Int32] = [:], utf8: [UInt8] = [], starts = [0]
        var json: [UInt8] = [], jsonStarts = [0]
        for s in strings where positions[s] == nil {
            positions[s] = Int32(starts.count - 1)
            utf8 += s.utf8
            starts.append(utf8.count)
            JSONBytes.appendQuoted(s, to: &json)
            jsonStarts.append(json.count)
        }
        bytes = .allocate(capacity: max(1, utf8.count))
        _ = bytes.initialize(from: utf8)
        quoted = .allocate(capacity: max(1, json.count))
        _ = quoted.initialize(from: json)
        (self.starts, self.positions, quotedStarts) = (starts, positions, jsonStarts)
    }

    deinit {
        bytes.deallocate()
        quoted.deallocate()
    }

    var count: Int { starts.count - 1 }

    /// The position of `text`, nil when the table does not hold it.
    func position(of text: String) -> Int32? { positions[text] }

    /// String `i`'s UTF-8, valid as long as the table (`i` in `0..<count`).
    func utf8(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        let i = Int(i)
        return UnsafeBufferPointer(rebasing: bytes[starts[i]..<starts[i + 1]])
    }

    /// String `i` as a JSON string, quoted and escaped as ``JSONBytes/appendQuoted(_:to:)``
    /// writes it, valid as long as the table (`i` in `0..<count`).
    func json(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        let i = Int(i)
        return UnsafeBufferPointer(rebasing: quoted[quotedStarts[i]..<quotedStarts[i + 1]])
    }

    func string(_ i: Int32) -> String { String(decoding: utf8(i), as: UTF8.self) }
}
