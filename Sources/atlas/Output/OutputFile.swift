import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `--output FILE` that is written whole or not at all: the bytes go to a temporary file
/// in the same directory, which is then renamed over the path. Only a new path or a regular
/// file is replaced: a device, a FIFO, a socket, a directory or a symbolic link (even to a
/// regular file) is refused, since renaming over it would swap the node for a regular file.
enum OutputFile {
    /// What is at `path` when it may not be replaced ("a FIFO"), nil when it may.
    static func refusal(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }  // absent; other problems surface when writing
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// The file `--output` names, nil for stdout (none given, or '-'); a usage error, before any
    /// work, when it may not be replaced, so that a mistyped target costs nothing.
    static func target(_ output: String?) throws -> String? {
        guard let file = output, file != "-" else { return nil }
        if let what = refusal(file) {
            throw UsageError("--output '\(file.shown)' is \(what), not a regular file: give a new or regular file, or - for stdout")
        }
        return file
    }

    /// Writes `text` whole to `file` (or stdout when nil): `.output` after saying why on stderr
    /// when it cannot.
    static func deliver(_ text: String, to file: String?, command: String) throws -> ExitStatus {
        guard let file else {
            Console.outBytes(Array(text.utf8))
            return .success
        }
        if let failure = try write(to: file, { sink in try sink(Array(text.utf8)) }) {
            Console.error("atlas \(command): \(failure)")
            return .output
        }
        return .success
    }

    /// What stopped a streamed write: the bytes could not be written (the plain reason).
    private struct WriteFailure: Error { let reason: String }

    /// Writes the bytes `produce` gives its sink, in order, to `path` through a temporary file
    /// beside it; the plain reason when it cannot, and then neither a half file at `path` nor
    /// the temporary file is left. An error `produce` throws is rethrown, after the same cleanup.
    static func write(to path: String, _ produce: (_ sink: ([UInt8]) throws -> Void) throws -> Void) throws -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".atlas-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return "cannot create a temporary file in '\(directory.shown)': \(reason())" }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ what: String) -> String {
            let text = "\(what): \(reason())"
            unlink(temporary)
            return text
        }
        // mkstemp makes the file 0600: give it the mode the file had, or the usual new-file mode.
        var info = stat()
        let mode = lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
        if fchmod(fd, mode) != 0 { close(fd); return fail("cannot set the mode of '\(temporary.shown)'") }
        // The bytes are written on another thread while `produce` makes the next ones.
        let writer = BackgroundWriter(descriptor: fd)
        do {
            try produce { bytes in
                if let failure = writer.write(bytes) { throw WriteFailure(reason: failure) }
            }
            if let failure = writer.finish() { throw WriteFailure(reason: failure) }
        } catch let failure as WriteFailure {
            _ = writer.finish()
            close(fd)
            unlink(temporary)
            return "cannot write '\(path.shown)': \(failure.reason)"
        } catch {
            _ = writer.finish()
            close(fd)
            unlink(temporary)
            throw error
        }
        if fsync(fd) != 0 { close(fd); return fail("cannot write '\(path.shown)'") }
        if close(fd) != 0 { return fail("cannot write '\(path.shown)'") }
        if rename(temporary, path) != 0 { return fail("cannot replace '\(path.shown)'") }
        return nil
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
