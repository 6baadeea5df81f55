/// A read-only array of plain values that either owns its memory or views it in a file mapped
/// by ``TableCache``: a table read from the cache is used where it lies in the page cache,
/// neither copied nor faulted into fresh memory (60 MB of copies cost an import of one photo
/// 35 ms of page faults on the project's VM).
///
/// ```swift
/// let xs = Column([1, 2, 3] as [Int32])          // owns a copy
/// let ys = try reader.column(of: Int32.self)       // views the mapped file
/// xs[1] + ys.count
/// ```
///
/// Immutable; safe to share between threads. The memory it views lives as long as any column
/// does (the columns of a file hold its mapping).
public struct Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<Element>?
    public let count: Int
    /// What keeps `base` valid: an allocation of its own or a file's mapping.
    @usableFromInline let owner: AnyObject?

    /// A copy of `array`.
    public init(_ array: [Element]) {
        let storage = Storage<Element>(array)
        (base, count, owner) = (UnsafePointer(storage.buffer.baseAddress), array.count, storage)
    }

    public init() { (base, count, owner) = (nil, 0, nil) }

    /// `count` values at `base`, kept valid by `owner`.
    init(base: UnsafePointer<Element>?, count: Int, owner: AnyObject) {
        (self.base, self.count, self.owner) = (base, count, owner)
    }

    // Inlinable, as an array's are: the resolver's loops index columns of another module, and
    // an unspecialised call per element made `atlas resolve --batch` 5-8% slower.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable @inline(__always)
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "Column index out of range")
        return base.unsafelyUnwrapped[position]
    }

    @inlinable
    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(owner) { () throws(E) -> R in try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    @inlinable
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(UnsafeRawBufferPointer(buffer)) }
    }

    private final class Storage<T> {
        let buffer: UnsafeMutableBufferPointer<T>

        init(_ array: [T]) {
            buffer = .allocate(capacity: Swift.max(1, array.count))
            _ = buffer.initialize(from: array)
        }

        deinit { buffer.deallocate() }
    }
}

extension Column: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}
