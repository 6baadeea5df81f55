import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tables derived from the gazetteer (the boundary grid, the land zones' bands…), kept as files
/// in the user's cache folder, so that a process reads them back instead of deriving them again:
/// the derivation is most of the time a small import or a single `atlas resolve` takes.
///
/// The folder is `$ATLAS_CACHE_DIR`, else `$XDG_CACHE_HOME/travelatlas`, else
/// `~/.cache/travelatlas`; `ATLAS_CACHE_DIR=` (empty) turns the cache off. In it, one folder per
/// key: the gazetteer file's and the program file's identity (device, inode, size, modification
/// time) and ``formatVersion``, so that another gazetteer or another build of the program never
/// reads what this one wrote. Every file carries its length and a checksum: a damaged one is
/// removed and derived again, never trusted.
///
/// ```swift
/// let cache = TableCache(gazetteerPath: gazetteer.path)
/// let index = cache?.read("boundaries") { try BoundaryIndex(unarchiving: &$0) }
///     ?? buildAndKeep()   // then cache?.write("boundaries") { index.archive(into: &$0) }
/// ```
///
/// Thread-safe, and safe between processes: a file is written under a name of its own and
/// renamed into place, so a reader sees a whole file or none.
public struct TableCache: Sendable {
    /// Raised whenever what a file holds, or how it is laid out, changes.
    public static let formatVersion = 1
    /// How many key folders stay: the current one and the most recently written others (a
    /// machine that runs two builds in turn keeps both).
    static let keptFolders = 3
    private static let magic = Array("TATABLE1".utf8)
    private static let headerSize = 24
    /// Larger files are not read: the largest table is tens of MB.
    static let maximumFileSize = 1 << 30

    /// The key folder this gazetteer and program read and write.
    public let folder: String

    /// The cache for the gazetteer at `gazetteerPath`, or nil when it is turned off or the
    /// folder or the identities cannot be found.
    public init?(gazetteerPath: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                 program: String = "/proc/self/exe") {
        let root: String
        if let explicit = environment["ATLAS_CACHE_DIR"] {
            guard !explicit.isEmpty else { return nil }
            root = explicit
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            root = xdg + "/travelatlas"
        } else if let home = environment["HOME"], !home.isEmpty {
            root = home + "/.cache/travelatlas"
        } else {
            return nil
        }
        guard let gazetteer = Self.identity(of: gazetteerPath), let program = Self.identity(of: program) else { return nil }
        let key = Self.hash(Array("\(Self.formatVersion)|\(gazetteer)|\(program)".utf8))
        folder = root + "/" + String(key, radix: 16).leftPadded(to: 16)
    }

    /// The table `name` read from `cache`, else derived and then kept in `cache` for the next
    /// process (with no cache, derived and kept nowhere): what every cached table does.
    ///
    /// ```swift
    /// let index = try TableCache.table("boundaries", in: cache, decode: { try BoundaryIndex(unarchiving: &$0) },
    ///                                  derive: { try BoundaryIndex.load(from: gazetteer) }, encode: { $0.archive(into: &$1) })
    /// ```
    public static func table<T>(_ name: String, in cache: TableCache?, decode: (inout ArchiveReader) throws -> T,
                                derive: () throws -> T, encode: (T, inout ArchiveWriter) -> Void) rethrows -> T {
        if let value = cache?.read(name, decode) { return value }
        let value = try derive()
        cache?.write(name) { encode(value, &$0) }
        return value
    }

    /// The table `name`, decoded by `decode` from its file, or nil when there is none or it is
    /// damaged (then removed). `decode` must read the whole file.
    public func read<T>(_ name: String, _ decode: (inout ArchiveReader) throws -> T) -> T? {
        let path = path(of: name)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= Self.headerSize, info.st_size <= Self.maximumFileSize else {
            unlink(path)
            return nil
        }
        // Mapped with its pages set up at once (they are in the page cache), not faulted in one
        // by one as the checksum reads them.
        guard let mapping = Mapping(fd: fd, size: Int(info.st_size)) else { return nil }
        let file = mapping.bytes
        let payload = UnsafeRawBufferPointer(rebasing: file[Self.headerSize...])
        guard file.prefix(8).elementsEqual(Self.magic),
              UInt64(littleEndian: file.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) == UInt64(payload.count),
              UInt64(littleEndian: file.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) == Self.checksum(payload) else {
            unlink(path)
            return nil
        }
        var reader = ArchiveReader(payload, owner: mapping)
        guard let value = try? decode(&reader), reader.isAtEnd else {
            unlink(path)
            return nil
        }
        return value
    }

    /// Writes the table `name` as `encode` archives it; false when it could not (a full disk, a
    /// read-only home), which costs only the next process the time to derive it again.
    @discardableResult
    public func write(_ name: String, _ encode: (inout ArchiveWriter) -> Void) -> Bool {
        var archive = ArchiveWriter()
        encode(&archive)
        let payload = archive.bytes
        var header = Self.magic
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: payload.withUnsafeBytes(Self.checksum).littleEndian) { header.append(contentsOf: $0) }
        guard makeFolder() else { return false }
        removeAbandonedFiles()
        let path = path(of: name)
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = Self.writeAll(fd, header) && Self.writeAll(fd, payload)
        guard close(fd) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private func path(of table: String) -> String { folder + "/" + table + ".table" }

    /// Creates the key folder (and its parents) and drops the least recently written of the
    /// others beyond ``keptFolders``.
    private func makeFolder() -> Bool {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isFolder) { return isFolder.boolValue }
        guard (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil else { return false }
        let root = (folder as NSString).deletingLastPathComponent
        let others = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            name.utf8.count == 16 && name.allSatisfy(\.isHexDigit) && root + "/" + name != folder
        }
        let byAge = others.map { name -> (String, Date) in
            (name, ((try? manager.attributesOfItem(atPath: root + "/" + name))?[.modificationDate] as? Date) ?? .distantPast)
        }.sorted { $0.1 > $1.1 }
        for (name, _) in byAge.dropFirst(Self.keptFolders - 1) { try? manager.removeItem(atPath: root + "/" + name) }
        return true
    }

    /// Removes the temporary files of writers that died before renaming them (an import
    /// interrupted while it derived a table): `NAME.table.PID.RANDOM` whose process is gone.
    private func removeAbandonedFiles() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let parts = name.split(separator: ".")
            guard parts.count == 4, parts[1] == "table", let pid = pid_t(parts[2]), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// A file's device, inode, size and modification time, or nil when it cannot be read.
    static func identity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// FNV-1a, 64 bits: a name for the key, not a defence against anyone.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// A checksum of `bytes` fast enough to run over tens of MB at every read (four lanes of
    /// 64-bit multiply-xor, which the CPU runs side by side): it catches a torn or damaged file.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let m = (h ^ w) &* prime
            return m ^ (m >> 29)
        }
        let blocks = bytes.count / 32
        for b in 0..<blocks {
            let at = b * 32
            lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self))
        }
        var h = mix(mix(mix(mix(UInt64(bytes.count), lanes.0), lanes.1), lanes.2), lanes.3)
        for i in (blocks * 32)..<bytes.count { h = mix(h, UInt64(bytes[i])) }
        return h
    }
}

/// A file mapped read-only, unmapped when the last column viewing it goes.
private final class Mapping {
    let bytes: UnsafeRawBufferPointer

    init?(fd: Int32, size: Int) {
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), mapped != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: mapped, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
