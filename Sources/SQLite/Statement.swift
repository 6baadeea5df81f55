import CSQLite

/// A prepared statement: bind, step, read columns. Reusable after ``reset()``.
///
/// ```swift
/// let s = try db.prepare("SELECT name FROM countries WHERE iso2 = ?")
/// try s.bind("JP")
/// while try s.step() { print(s.string(0)!) }
/// ```
///
/// Belongs to its connection's thread rules.
public final class Statement {
    let database: Database
    let handle: OpaquePointer
    /// The text bound since the last ``clearBindings()``, copied end to end and bound without
    /// SQLite copying it again (`SQLITE_STATIC`): a photo's row binds about thirteen strings,
    /// and SQLite's own copy cost an allocation and a free each.
    private var texts: UnsafeMutableRawPointer?
    private var textsCapacity = 0
    private var textsUsed = 0
    /// The text the current bindings wanted, whether it fitted or not: the buffer grows to it
    /// at the next clear, when nothing is bound.
    private var textsWanted = 0

    init(database: Database, sql: String) throws {
        self.database = database
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw database.error(rc) }
        handle = statement
    }

    deinit {
        sqlite3_finalize(handle)
        texts?.deallocate()
    }

    /// Binds values to `?` parameters in order, after clearing earlier bindings and resetting.
    @discardableResult
    public func bind(_ values: SQLValue?...) throws -> Statement {
        try bind(values)
    }

    @discardableResult
    public func bind(_ values: [SQLValue?]) throws -> Statement {
        clearBindings()
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value?.sqlValue {
            case nil, .null?: try check(sqlite3_bind_null(handle, index))
            case .integer(let v)?: try set(v, at: index)
            case .real(let v)?: try set(v, at: index)
            case .text(let v)?: try set(v, at: index)
            case .blob(let v)?: try check(v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) })
            }
        }
        return self
    }

    /// Resets the statement and clears its bindings, before binding parameters one at a time.
    public func clearBindings() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        // Nothing points into the text buffer any more: rewind it, and grow it if the last
        // bindings did not fit.
        if textsWanted > textsCapacity {
            texts?.deallocate()
            textsCapacity = max(4096, 2 * textsWanted)
            texts = UnsafeMutableRawPointer.allocate(byteCount: textsCapacity, alignment: 1)
        }
        textsUsed = 0
        textsWanted = 0
    }

    // One parameter (1-based) at a time, with no existential box per value: for statements run
    // once per photo, where building a `[SQLValue?]` cost more than SQLite's own work.
    //
    //     s.clearBindings(); try s.set(path, at: 1); try s.set(size, at: 2)

    public func set(_ value: Int64?, at index: Int32) throws {
        try check(value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    public func set(_ value: Int?, at index: Int32) throws { try set(value.map(Int64.init), at: index) }

    public func set(_ value: Bool?, at index: Int32) throws { try set(value.map { $0 ? Int64(1) : 0 }, at: index) }

    public func set(_ value: Double?, at index: Int32) throws {
        try check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    public func set(_ value: String?, at index: Int32) throws {
        guard var text = value else { return try check(sqlite3_bind_null(handle, index)) }
        // With its length, so SQLite neither scans for the terminator nor needs one.
        let count = text.utf8.count
        textsWanted += count
        guard count > 0 else { return try check(sqlite3_bind_text(handle, index, "", 0, nil)) }
        guard let texts, textsUsed + count <= textsCapacity else {
            return try check(text.withUTF8 { sqlite3_bind_text(handle, index, $0.baseAddress, Int32(count), csqlite_transient()) })
        }
        let copy = texts + textsUsed
        textsUsed += count
        text.withUTF8 { copy.copyMemory(from: $0.baseAddress!, byteCount: count) }
        try check(sqlite3_bind_text(handle, index, copy.assumingMemoryBound(to: CChar.self), Int32(count), nil))
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw database.error(rc) }
    }

    /// Advances to the next row; false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(rc)
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    public func reset() { sqlite3_reset(handle) }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    public func string(_ column: Int32) -> String? {
        text(column).map { String(decoding: $0, as: UTF8.self) }
    }

    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The UTF-8 bytes of `column`'s text without copying; nil for NULL. They stay valid until
    /// the statement steps or resets, or the column is read as another type: compare or copy
    /// them before.
    ///
    ///     let isFrance = s.text(0).map { $0.elementsEqual("FR".utf8) } ?? false
    public func text(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The blob of `column` without copying, for the duration of `body`.
    public func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: count))
    }

    /// The first column of the first row as an integer.
    public func scalarInt() throws -> Int? {
        defer { reset() }
        return try step() ? optionalInt(0) : nil
    }

    /// The first column of the first row as text.
    public func scalarString() throws -> String? {
        defer { reset() }
        return try step() ? string(0) : nil
    }
}

/// A value SQLite stores.
public enum SQLStorage: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value that binds to a statement parameter.
public protocol SQLValue {
    var sqlValue: SQLStorage { get }
}

extension Int: SQLValue { public var sqlValue: SQLStorage { .integer(Int64(self)) } }
extension Int64: SQLValue { public var sqlValue: SQLStorage { .integer(self) } }
extension Double: SQLValue { public var sqlValue: SQLStorage { .real(self) } }
extension String: SQLValue { public var sqlValue: SQLStorage { .text(self) } }
extension Bool: SQLValue { public var sqlValue: SQLStorage { .integer(self ? 1 : 0) } }
extension [UInt8]: SQLValue { public var sqlValue: SQLStorage { .blob(self) } }
extension SQLStorage: SQLValue { public var sqlValue: SQLStorage { self } }
