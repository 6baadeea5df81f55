/// Tables as bytes for ``TableCache``: arrays of plain values as they lie in memory, numbers,
/// and strings as UTF-8, each with its count, to be read back in the same order by
/// ``ArchiveReader``.
///
/// ```swift
/// var archive = ArchiveWriter()
/// archive.append(xs)                 // [Int32]
/// archive.append(strings: names)     // [String]
/// ```
///
/// A value that one thread fills.
public struct ArchiveWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// `values` byte for byte. `T` must take any bit pattern back: integers, floating-point
    /// numbers and structs of them, not `Bool`s, enums or references.
    public mutating func append<T: BitwiseCopyable>(_ values: [T]) {
        values.withUnsafeBytes { append(raw: $0, count: values.count) }
    }

    public mutating func append<T: BitwiseCopyable>(_ values: Column<T>) {
        values.withUnsafeBytes { append(raw: $0, count: values.count) }
    }

    /// The count, then the values from the next multiple of 8 bytes, so that a reader of a
    /// mapped file can use them where they lie (``ArchiveReader/column(of:)``).
    private mutating func append(raw: UnsafeRawBufferPointer, count: Int) {
        append(count)
        bytes.append(contentsOf: repeatElement(0, count: (8 - bytes.count % 8) % 8))
        bytes.append(contentsOf: raw)
    }

    public mutating func append(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            append(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Strings one after another, each with its length: one count, not one array each.
    public mutating func append(strings: [String]) {
        append(strings.count)
        for s in strings { append(s) }
    }

    /// Optional strings: a flag before each (1 present, 0 absent).
    public mutating func append(optionalStrings: [String?]) {
        append(optionalStrings.count)
        for s in optionalStrings {
            bytes.append(s == nil ? 0 : 1)
            if let s { append(s) }
        }
    }
}
