/// What an import stored to know a file again: its path, size and modification time, the
/// fingerprint of its Exif (``PhotoRecord/fingerprint``), and whether a later import found it
/// gone. `atlas verify` compares these with the files as they are now.
///
/// ```swift
/// try verifier.forEachPhotoStamp { stamps in
///     for s in stamps where !s.isMissing { print(s.path, s.size, s.modifiedNs) }
/// }
/// ```
///
/// A value type; `Sendable`.
public struct PhotoStamp: Sendable, Equatable {
    public var path: String
    public var size: Int64
    /// `mtime_ns` as the import stored it: nanoseconds since 1970.
    public var modifiedNs: Int64
    public var fingerprint: UInt64?
    /// `missing_since` is set: an import found the file gone.
    public var isMissing: Bool

    public init(path: String, size: Int64, modifiedNs: Int64, fingerprint: UInt64? = nil, isMissing: Bool = false) {
        (self.path, self.size, self.modifiedNs, self.fingerprint, self.isMissing) = (path, size, modifiedNs, fingerprint, isMissing)
    }
}
