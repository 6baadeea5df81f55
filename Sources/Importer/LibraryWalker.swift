import Foundation
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks photo folders: every regular file below the roots, depth first in name order, with
/// its size and modification time, skipping the junk that photo tools and NAS boxes leave
/// (`.thumbnails`, `@eaDir`, `.AppleDouble`, `._*`, `.Trash*`) and what `--exclude` names.
///
/// ```swift
/// let walker = LibraryWalker(excludes: ["*.mov"], followSymlinks: false)
/// try walker.walk(root: "/photos") { file in print(file.path); return true }
/// ```
///
/// Symlinks are skipped unless `followSymlinks`; then each directory is entered once, by
/// (device, inode), so a link loop ends the branch instead of the program. Stateless: one
/// walker may serve several walks, one walk per thread.
public struct LibraryWalker: Sendable {
    /// A regular file found by the walk.
    public struct File: Sendable, Equatable {
        public let path: String
        public let size: Int64
        public let modifiedNs: Int64

        public init(path: String, size: Int64, modifiedNs: Int64) {
            (self.path, self.size, self.modifiedNs) = (path, size, modifiedNs)
        }

        /// The last component of ``path``.
        public var name: String { path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path }
    }

    /// Something below a root the walk did not enter or read.
    public struct Skip: Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            /// Matched `--exclude`: not looked at, on purpose.
            case excluded
            /// A folder that cannot be listed, or an entry that cannot be examined (the message says why).
            case unreadable(String)
            /// Longer than the system's limit for a path (PATH_MAX).
            case tooLong
        }
        public let path: String
        public let reason: Reason
    }

    public var excludes: [String]
    public var followSymlinks: Bool

    public init(excludes: [String] = [], followSymlinks: Bool = false) {
        self.excludes = excludes
        self.followSymlinks = followSymlinks
    }

    /// Whether a file or directory name is well-known junk.
    public static func isJunk(_ name: String) -> Bool {
        name == ".thumbnails" || name == "@eaDir" || name == ".AppleDouble" || name == ".DS_Store"
            || name.hasPrefix("._") || name.hasPrefix(".Trash") || name == "Thumbs.db"
    }

    /// The canonical form of a root: absolute, symlinks resolved, no trailing slash.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = FileName.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.string(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// ``canonical(_:)``, or `path` unchanged when it does not exist (any more).
    public static func canonicalOrSame(_ path: String) -> String { canonical(path) ?? path }

    /// Calls `visit` for each file under `root` (canonical), or for `root` itself when it is a
    /// file, and `skipped` for each file or folder it leaves out and why; stops early when
    /// `visit` returns false. Returns false when stopped.
    ///
    /// Before the files of a folder, `entering` gets the folder and the names in it (junk left
    /// out), so a file can be paired with the sidecars beside it while files still stream one
    /// at a time; for a `root` that is a file, the names of the folder holding it.
    @discardableResult
    public func walk(root: String, skipped: (Skip) -> Void = { _ in }, entering: (String, [String]) -> Void = { _, _ in },
                     _ visit: (File) throws -> Bool) rethrows -> Bool {
        var status = stat()
        guard FileName.withCString(root, { stat($0, &status) }) == 0 else { return true }
        if Self.isRegular(status) {
            let file = File(status, path: root)
            let folder = root.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(root[..<$0]) } ?? "."
            entering(folder, FileName.withCString(folder, { opendir($0) }).map { handle in
                defer { closedir(handle) }
                return Self.entries(of: handle).filter { !Self.isJunk($0) }
            } ?? [file.name])
            return try visit(file)
        }
        var entered = Set<DirectoryID>()
        var pending = [root]
        while let directory = pending.popLast() {
            guard Self.isDirectory(directory, followLinks: true, into: &status), entered.insert(DirectoryID(status)).inserted else { continue }
            guard let handle = FileName.withCString(directory, { opendir($0) }) else {
                skipped(Skip(path: directory, reason: .unreadable(Self.reason(errno))))
                continue
            }
            defer { closedir(handle) }
            // Names relative to the open directory: the kernel does not walk the whole path again
            // for each of its thousands of files.
            let fd = dirfd(handle)
            var subdirectories: [String] = []
            let names = Self.entries(of: handle).filter { !Self.isJunk($0) }
            entering(directory, names)
            for name in names {
                let path = directory + "/" + name
                if !excludes.isEmpty && isExcluded(name: name, relative: String(path.dropFirst(root.count + 1))) {
                    skipped(Skip(path: path, reason: .excluded))
                    continue
                }
                // Opened by its full path later: one the kernel refuses is said, not lost.
                guard path.utf8.count < Int(PATH_MAX) else {
                    skipped(Skip(path: path, reason: .tooLong))
                    continue
                }
                guard FileName.withCString(name, { fstatat(fd, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                    skipped(Skip(path: path, reason: .unreadable(Self.reason(errno))))
                    continue
                }
                if Self.isSymlink(status) {
                    guard followSymlinks, FileName.withCString(name, { fstatat(fd, $0, &status, 0) }) == 0 else { continue }
                }
                if Self.isDirectory(status) {
                    subdirectories.append(path)
                } else if Self.isRegular(status) {
                    guard try visit(File(status, path: path)) else { return false }
                }
            }
            // Reversed so the stack pops them in name order.
            pending += subdirectories.reversed()
        }
        return true
    }

    /// The regular file at `path` (symlinks followed), or nil.
    static func file(at path: String) -> File? {
        var status = stat()
        guard FileName.withCString(path, { stat($0, &status) }) == 0, isRegular(status) else { return nil }
        return File(status, path: path)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    func isExcluded(name: String, relative: String) -> Bool {
        excludes.contains { fnmatch($0, name, 0) == 0 || fnmatch($0, relative, 0) == 0 }
    }

    #if canImport(Darwin)
    typealias DirectoryHandle = UnsafeMutablePointer<DIR>
    #else
    typealias DirectoryHandle = OpaquePointer
    #endif

    /// The names in an open directory, sorted; a name that is not UTF-8 is kept byte for byte
    /// (``FileName``), so its file can still be opened.
    static func entries(of handle: DirectoryHandle) -> [String] {
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileName.string(raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    struct DirectoryID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ s: stat) { (device, inode) = (UInt64(s.st_dev), UInt64(s.st_ino)) }
    }

    static func isDirectory(_ path: String, followLinks: Bool, into status: inout stat) -> Bool {
        FileName.withCString(path) { followLinks ? stat($0, &status) : lstat($0, &status) } == 0 && isDirectory(status)
    }

    static func isDirectory(_ s: stat) -> Bool { s.st_mode & S_IFMT == S_IFDIR }
    static func isRegular(_ s: stat) -> Bool { s.st_mode & S_IFMT == S_IFREG }
    static func isSymlink(_ s: stat) -> Bool { s.st_mode & S_IFMT == S_IFLNK }
}

extension LibraryWalker.File {
    init(_ s: stat, path: String) {
        self.path = path
        size = Int64(s.st_size)
        #if canImport(Darwin)
        modifiedNs = Int64(s.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(s.st_mtimespec.tv_nsec)
        #else
        modifiedNs = Int64(s.st_mtim.tv_sec) * 1_000_000_000 + Int64(s.st_mtim.tv_nsec)
        #endif
    }
}
