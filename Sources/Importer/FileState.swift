/// What became of one photo file since the import that recorded it (``FileCheck``).
///
/// ```swift
/// if case .changed(let why) = FileCheck().state(of: stamp) { print(stamp.path, why) }
/// ```
///
/// The strings say why, in words, without the path. A value type; `Sendable`.
public enum FileState: Sendable, Equatable {
    /// At its path with the size and modification time the import saw (and, when checked
    /// deeply, the same Exif fingerprint).
    case asImported
    /// An import already found it gone (`missing_since`): known, nothing new.
    case knownMissing
    /// Nothing at its path any more (deleted, moved, renamed), or something that is no file.
    case gone(String)
    /// There, but its size or modification time differs from the import's.
    case changed(String)
    /// Same size and time, but its Exif reads differently now (``FileCheck/deep``).
    case exifChanged(String)
    /// It could not be examined: a folder on its path that cannot be searched, a permission,
    /// an I/O error. Not taken for gone.
    case unreadable(String)
}
