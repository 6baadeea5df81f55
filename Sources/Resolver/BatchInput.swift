import Gazetteer

/// The coordinates of a batch file, line by line: what `atlas resolve --batch` reads.
///
/// Every line that is not blank becomes one ``Record``, in input order: a coordinate, or an
/// error naming why the line does not parse. Nothing is dropped silently except blank lines
/// and a header. The formats, decided for each line:
///
/// - **JSON lines**: a line starting with `{` is one JSON object with a number under `lat`
///   or `latitude`, a number under `lon`, `lng` or `longitude`, and optionally a string,
///   a number or `null` under `id` (keys in any case; other keys are skipped).
/// - **Delimited**: `lat lon [id]` separated by commas, semicolons, tabs or spaces. A line's
///   separator is the character that ends its first field: a tab, `;` or `,` (spaces around
///   it allowed), otherwise a run of spaces. A field may be quoted CSV-style (`"a,b"`, with
///   `""` for a quote). When the last column is the id and it is not quoted, it takes the
///   rest of the line, separators included; it may be left out. More fields than columns,
///   or a coordinate that is no number as ``GeoCoordinate/number(_:)`` reads one (the same
///   grammar as `atlas resolve LAT LON`: decimals use `.`, `1e-5` is a number), make the line an error.
/// - **Header**: the first line that is not blank is a header only when every field names a
///   column: `lat`/`latitude`, `lon`/`lng`/`longitude` (each once) and optionally `id`, in
///   any case and order. Its columns are then taken in that order and its separator is used
///   for every line after it. Without a header the columns are `lat`, `lon`, `id`.
///
/// A UTF-8 byte-order mark before the first line is skipped, `\r\n` ends a line like `\n`,
/// the last line needs no newline, and blank lines (nothing but spaces and tabs) are skipped.
/// A line longer than `maximumLineLength` bytes is an error for that line; a NUL byte ends
/// the input with a ``Failure`` (it is not text), after the lines before it.
public struct BatchInput {
    /// An id as given: a JSON number keeps its text, so that it can be echoed as it was.
    public enum ID: Sendable, Hashable {
        case string(String)
        case number(String)
    }

    public enum Record: Sendable, Equatable {
        case coordinate(GeoCoordinate, id: ID?, line: Int)
        /// `reason` does not name the line; `line` is 1-based.
        case error(id: ID?, line: Int, reason: String)
    }

    /// Why the input cannot be read on: a read error or a NUL byte.
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The longest line, in bytes: a longer one is an error for that line, and reading goes
    /// on after its newline.
    public static let maximumLineLength = 1 << 20

    private var reader: LineReader
    private(set) var parser = BatchLineParser()
    private let maximumLineLength: Int
    /// The bytes of the line being parsed, kept from line to line.
    private var scratch: [UInt8] = []

    /// Reads `descriptor` (not closed here) from where it is.
    public init(descriptor: Int32, maximumLineLength: Int = BatchInput.maximumLineLength) {
        reader = LineReader(descriptor, maximumLength: maximumLineLength)
        self.maximumLineLength = maximumLineLength
    }

    /// The number of the line read last (1-based).
    public var lineNumber: Int { reader.lineNumber }

    /// The next record, or nil at the end of the input.
    public mutating func next() throws(Failure) -> Record? {
        while true {
            let piece: LineReader.Piece?
            do { piece = try reader.nextPiece() } catch { throw Failure(reason: error.reason) }
            switch piece {
            case nil:
                return nil
            case .tooLong:
                return parser.tooLong(line: reader.lineNumber, limit: maximumLineLength)
            case .bytes(let range):
                scratch.removeAll(keepingCapacity: true)
                reader.withBytes(range) { scratch.append(contentsOf: $0) }
                if let record = parser.parse(scratch, line: reader.lineNumber) { return record }
            }
        }
    }

    /// The next `count` lines at most, blank ones included, copied into `batch` (emptied
    /// first) to be parsed elsewhere, several threads at once (``BatchLines/record(_:parser:scratch:)``).
    /// What ends the input early is kept in ``BatchLines/failure``, after the lines before it.
    mutating func read(upTo count: Int, into batch: inout BatchLines) {
        batch.removeAll()
        batch.maximumLineLength = maximumLineLength
        while batch.count < count {
            let piece: LineReader.Piece?
            do { piece = try reader.nextPiece() } catch {
                batch.failure = Failure(reason: error.reason)
                return
            }
            switch piece {
            case nil:
                batch.isLast = true
                return
            case .tooLong:
                batch.append(nil, line: reader.lineNumber)
            case .bytes(let range):
                // The number read first: a closure that reads the reader copies it.
                let number = reader.lineNumber
                reader.withBytes(range) { batch.append($0, line: number) }
            }
        }
    }

    /// Parses line `k` of `batch` with the input's own parser (which learns the header): the
    /// first lines, until one that is not blank has decided the columns.
    mutating func record(_ batch: BatchLines, _ k: Int) -> Record? {
        var text: CoordinateText?
        return batch.record(k, parser: &parser, scratch: &scratch, text: &text)
    }
}

/// One line of a batch file at a time to a record (see ``BatchInput`` for the rules);
/// remembers the header.
struct BatchLineParser {
    enum Column: String {
        case lat, lon, id
    }

    private static let comma: UInt8 = 0x2C, semicolon: UInt8 = 0x3B, tab: UInt8 = 0x09, space: UInt8 = 0x20
    private static let quote: UInt8 = 0x22

    /// The columns in order: the header's, or lat, lon, id.
    private(set) var columns: [Column] = [.lat, .lon, .id]
    /// The header's separator, which every later line uses.
    private(set) var separator: UInt8?
    /// Whether a line that is not blank has gone by (the header can only come first).
    var firstLineSeen = false

    /// The record of a line over the length limit, which is no header.
    mutating func tooLong(line: Int, limit: Int) -> BatchInput.Record {
        firstLineSeen = true
        return .error(id: nil, line: line, reason: "longer than \(limit) bytes")
    }

    /// The record of the line `bytes`, line `line`; nil for a blank line or the header.
    mutating func parse(_ bytes: [UInt8], line: Int) -> BatchInput.Record? {
        var bytes = bytes
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { $0 != Self.space && $0 != Self.tab }) else { return nil }
        let isFirst = !firstLineSeen
        firstLineSeen = true
        if bytes[first] == UInt8(ascii: "{") { return Self.parseJSON(bytes, line: line) }

        let separator = self.separator ?? Self.separator(of: bytes)
        if isFirst, case .success(let fields) = Self.fields(bytes, separator: separator, restAt: nil),
           let header = Self.header(fields) {
            (columns, self.separator) = (header, separator)
            return nil
        }
        return record(bytes, separator: separator, line: line)
    }

    /// The record of a line after the first that is two plain decimals (``GeoCoordinate/plainDecimal(_:)``)
    /// and one tab, `;` or `,` between them (`48.8566,2.3522`), when the columns start with lat
    /// and lon and the separator is the header's, if any: nearly every line of a large batch,
    /// read in place without a `String`. Nil for any other line, which ``parse(_:line:)`` reads;
    /// for these lines both give the same record.
    func plainRecord(_ s: UnsafeBufferPointer<UInt8>, line: Int) -> BatchInput.Record? {
        guard firstLineSeen, columns.count >= 2, columns[0] == .lat, columns[1] == .lon else { return nil }
        var split = -1
        for i in 0..<s.count {
            let b = s[i]
            if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
                continue
            }
            guard split < 0, b == Self.comma || b == Self.semicolon || b == Self.tab else { return nil }
            split = i
        }
        guard split > 0, split < s.count - 1, separator == nil || separator == s[split],
              let lat = GeoCoordinate.plainDecimal(UnsafeBufferPointer(rebasing: s[..<split])),
              let lon = GeoCoordinate.plainDecimal(UnsafeBufferPointer(rebasing: s[(split + 1)...]))
        else { return nil }
        return .coordinate(GeoCoordinate(latitude: lat, longitude: lon), id: nil, line: line)
    }

    /// The columns a header line names, or nil when it is no header.
    static func header(_ fields: [String]) -> [Column]? {
        var columns: [Column] = []
        for field in fields {
            let column: Column
            switch field.lowercased() {
            case "lat", "latitude": column = .lat
            case "lon", "lng", "longitude": column = .lon
            case "id": column = .id
            default: return nil
            }
            guard !columns.contains(column) else { return nil }
            columns.append(column)
        }
        return columns.contains(.lat) && columns.contains(.lon) ? columns : nil
    }

    /// How the columns read, for error messages: `lat,lon[,id]`.
    private var layout: String {
        columns.enumerated().map { k, column in
            column == .id && k == columns.count - 1 ? "[\(k > 0 ? "," : "")id]" : (k > 0 ? "," : "") + column.rawValue
        }.joined()
    }

    private func record(_ bytes: [UInt8], separator: UInt8, line: Int) -> BatchInput.Record {
        let idLast = columns.last == .id
        let fields: [String]
        switch Self.fields(bytes, separator: separator, restAt: idLast ? columns.count - 1 : nil) {
        case .success(let f): fields = f
        case .failure(let problem): return .error(id: nil, line: line, reason: "expected \(layout): \(problem.reason)")
        }
        var id: BatchInput.ID?
        if let k = columns.firstIndex(of: .id), k < fields.count { id = .string(fields[k]) }
        guard fields.count <= columns.count else {
            return .error(id: id, line: line, reason: "expected \(layout): \(fields.count) fields")
        }
        guard fields.count >= columns.count - (idLast ? 1 : 0),
              let lat = GeoCoordinate.number(fields[columns.firstIndex(of: .lat)!]),
              let lon = GeoCoordinate.number(fields[columns.firstIndex(of: .lon)!])
        else { return .error(id: id, line: line, reason: "expected \(layout)") }
        return .coordinate(GeoCoordinate(latitude: lat, longitude: lon), id: id, line: line)
    }

    /// The separator of a line: the character that ends its first field, a tab, `;` or `,`
    /// (after spaces, too), else a space.
    static func separator(of s: [UInt8]) -> UInt8 {
        var i = 0
        while i < s.count, s[i] == space { i += 1 }
        if i < s.count, s[i] == quote {
            i += 1
            while i < s.count, s[i] != quote || (i + 1 < s.count && s[i + 1] == quote) { i += s[i] == quote ? 2 : 1 }
            i += 1
        }
        while i < s.count, s[i] != comma, s[i] != semicolon, s[i] != tab, s[i] != space { i += 1 }
        while i < s.count, s[i] == space { i += 1 }
        guard i < s.count else { return space }
        return s[i] == comma || s[i] == semicolon || s[i] == tab ? s[i] : space
    }

    struct Problem: Error {
        let reason: String
    }

    /// The fields of `s` at `separator`, each without the spaces (and, unless tabs separate,
    /// tabs) around it and unquoted. Spaces separate in runs. An unquoted field number
    /// `restAt` takes the rest of the line.
    static func fields(_ s: [UInt8], separator: UInt8, restAt: Int?) -> Result<[String], Problem> {
        let n = s.count
        func isBlank(_ b: UInt8) -> Bool { b == space || (b == tab && separator != tab) }
        var fields: [String] = []
        var i = 0
        while true {
            while i < n, isBlank(s[i]) { i += 1 }
            if separator == space, i == n, !fields.isEmpty { return .success(fields) }
            if i < n, s[i] == quote {
                var value: [UInt8] = []
                i += 1
                var closed = false
                while i < n {
                    if s[i] == quote {
                        if i + 1 < n, s[i + 1] == quote { value.append(quote); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    value.append(s[i])
                    i += 1
                }
                guard closed else { return .failure(Problem(reason: "field \(fields.count + 1) has no closing quote")) }
                fields.append(String(decoding: value, as: UTF8.self))
                let closing = i
                while i < n, isBlank(s[i]) { i += 1 }
                if i == n { return .success(fields) }
                if separator == space, i > closing { continue }
                guard s[i] == separator else {
                    return .failure(Problem(reason: "text after the closing quote of field \(fields.count)"))
                }
                i += 1
                continue
            }
            var end: Int
            if fields.count == restAt {
                end = n
                i = min(i, n)
            } else {
                end = i
                while end < n, s[end] != separator, !(separator == space && s[end] == tab) { end += 1 }
            }
            let next = end
            while end > i, isBlank(s[end - 1]) { end -= 1 }
            fields.append(String(decoding: s[i..<end], as: UTF8.self))
            if next == n { return .success(fields) }
            i = next + 1
            if separator == space {
                while i < n, isBlank(s[i]) { i += 1 }
                if i == n { return .success(fields) }
            }
        }
    }

    private static let jsonLayout = #"expected a JSON object {"lat":…,"lon":…[,"id":…]}"#

    /// A line holding one JSON object.
    static func parseJSON(_ bytes: [UInt8], line: Int) -> BatchInput.Record {
        let members: [(String, JSONScanner.Value)]
        do {
            var scanner = JSONScanner(bytes)
            members = try scanner.object()
        } catch {
            return .error(id: nil, line: line, reason: "\(jsonLayout): \(error.reason)")
        }
        var lat: [JSONScanner.Value] = [], lon: [JSONScanner.Value] = [], ids: [JSONScanner.Value] = []
        for (key, value) in members {
            switch key.lowercased() {
            case "lat", "latitude": lat.append(value)
            case "lon", "lng", "longitude": lon.append(value)
            case "id": ids.append(value)
            default: break
            }
        }
        var id: BatchInput.ID?
        var problem: String?
        switch ids.first {
        case .string(let s)?: id = .string(s)
        case .number(let n)?: id = .number(n)
        case .null?, nil: break
        case .other?: problem = "id is neither a string nor a number"
        }
        func number(_ values: [JSONScanner.Value], _ name: String) -> Double? {
            guard problem == nil else { return nil }
            guard values.count == 1 else {
                problem = values.isEmpty ? "no \(name)" : "\(name) given \(values.count) times"
                return nil
            }
            guard case .number(let text) = values[0], let value = GeoCoordinate.number(text) else {
                problem = "\(name) is not a number"
                return nil
            }
            return value
        }
        if ids.count > 1 { problem = "id given \(ids.count) times" }
        let latitude = number(lat, "latitude"), longitude = number(lon, "longitude")
        guard let latitude, let longitude, problem == nil else {
            return .error(id: id, line: line, reason: "\(jsonLayout): \(problem ?? "")")
        }
        return .coordinate(GeoCoordinate(latitude: latitude, longitude: longitude), id: id, line: line)
    }
}

/// A strict reader of one JSON object with its members (RFC 8259), keeping strings and the
/// text of numbers; nested values are checked and reported as ``Value/other``.
struct JSONScanner {
    enum Value: Equatable {
        case string(String)
        case number(String)
        case null
        /// true, false, an array or an object.
        case other
    }

    struct Problem: Error {
        let reason: String
    }

    private let s: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { s = bytes }

    /// The whole input as one object: its members in order.
    mutating func object() throws(Problem) -> [(String, Value)] {
        skipSpace()
        try expect(UInt8(ascii: "{"))
        var members: [(String, Value)] = []
        skipSpace()
        if peek == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"))
                break
            }
        }
        skipSpace()
        guard i == s.count else { throw Problem(reason: "text after the object at byte \(i + 1)") }
        return members
    }

    private var peek: UInt8? { i < s.count ? s[i] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
    }

    private mutating func expect(_ b: UInt8) throws(Problem) {
        guard peek == b else {
            throw Problem(reason: peek == nil ? "the line ends early" : "'\(Character(Unicode.Scalar(b)))' expected at byte \(i + 1)")
        }
        i += 1
    }

    private mutating func value() throws(Problem) -> Value {
        switch peek {
        case UInt8(ascii: "\"")?: return .string(try string())
        case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return .number(try number())
        case UInt8(ascii: "n")?: try literal("null"); return .null
        case UInt8(ascii: "t")?: try literal("true"); return .other
        case UInt8(ascii: "f")?: try literal("false"); return .other
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?: try nested(); return .other
        case nil: throw Problem(reason: "the line ends early")
        default: throw Problem(reason: "a value expected at byte \(i + 1)")
        }
    }

    private mutating func literal(_ word: String) throws(Problem) {
        guard s[i...].starts(with: word.utf8) else { throw Problem(reason: "a value expected at byte \(i + 1)") }
        i += word.utf8.count
    }

    private mutating func number() throws(Problem) -> String {
        let start = i
        func digits() -> Int {
            let from = i
            while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        if peek == UInt8(ascii: "-") { i += 1 }
        let integer = i
        guard digits() > 0, s[integer] != UInt8(ascii: "0") || i == integer + 1 else {
            throw Problem(reason: "a bad number at byte \(start + 1)")
        }
        if peek == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw Problem(reason: "a bad number at byte \(start + 1)") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw Problem(reason: "a bad number at byte \(start + 1)") }
        }
        return String(decoding: s[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(Problem) -> String {
        guard peek == UInt8(ascii: "\"") else { throw Problem(reason: "a string expected at byte \(i + 1)") }
        i += 1
        var out: [UInt8] = []
        while let b = peek {
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = peek else { break }
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), s[i...].starts(with: "\\u".utf8) {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Problem(reason: "a lone surrogate before byte \(i + 1)") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw Problem(reason: "a lone surrogate before byte \(i + 1)") }
                    out.append(contentsOf: String(scalar).utf8)
                default: throw Problem(reason: "a bad escape at byte \(i)")
                }
            case 0..<0x20:
                throw Problem(reason: "a control character in a string at byte \(i)")
            default:
                out.append(b)
            }
        }
        throw Problem(reason: "a string has no closing quote")
    }

    private mutating func hex4() throws(Problem) -> UInt32 {
        guard i + 4 <= s.count, let code = UInt32(String(decoding: s[i..<i + 4], as: UTF8.self), radix: 16),
              s[i..<i + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw Problem(reason: "a bad \\u escape at byte \(i + 1)") }
        i += 4
        return code
    }

    /// An array or object, checked without recursion (a line of a million `[` must not
    /// exhaust the stack).
    private mutating func nested() throws(Problem) {
        var closers: [UInt8] = []
        /// After `{` or a comma in an object: a key and a colon come next.
        var wantKey = false
        repeat {
            skipSpace()
            if wantKey {
                _ = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                wantKey = false
            }
            switch peek {
            case UInt8(ascii: "{")?, UInt8(ascii: "[")?:
                let closer = peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                i += 1
                skipSpace()
                if peek == closer {
                    i += 1
                    try afterValue(&closers, &wantKey)
                } else {
                    closers.append(closer)
                    wantKey = closer == UInt8(ascii: "}")
                }
            default:
                _ = try value()
                try afterValue(&closers, &wantKey)
            }
        } while !closers.isEmpty
    }

    /// After a value inside ``nested()``: a comma, or the closers of the containers that end.
    private mutating func afterValue(_ closers: inout [UInt8], _ wantKey: inout Bool) throws(Problem) {
        while let closer = closers.last {
            skipSpace()
            if peek == UInt8(ascii: ",") {
                i += 1
                wantKey = closer == UInt8(ascii: "}")
                return
            }
            try expect(closer)
            closers.removeLast()
        }
    }
}
