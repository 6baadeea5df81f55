import Foundation
import JSONWriter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every byte `atlas` shows goes through here: data to stdout, diagnostics to stderr.
///
/// A write that fails (stdout on a full disk, a closed descriptor) never traps: the process
/// says why in one line on stderr and exits with ``ExitStatus/output``; when stderr itself
/// fails it exits with that status quietly. Text for people has its control characters shown
/// escaped (``String/escapedForTerminal``), so that a file name or a query cannot move the
/// cursor or retitle the terminal; tab and newline stay.
enum Console {
    /// A line of data on stdout.
    static func out(_ text: String) {
        // The text's own bytes, then the line break: a trip's table is most of a megabyte, and
        // a copy of it as `Data` cost more than its check.
        var line = text.escapedForTerminal(keepingNewlines: true)
        line.append("\n")
        line.withUTF8 { write(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
    }

    /// JSON values on stdout, one a line, rendered into one buffer and written a megabyte at a
    /// time: a listing of 1,800 cities was 1,800 writes. Rendered JSON escapes every control
    /// character itself, so nothing is left for ``out(_:)``'s escaping, and no `String` is made.
    static func out(jsonLines values: some Sequence<JSONValue>) {
        var bytes: [UInt8] = []
        for value in values {
            value.render(into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count >= 1 << 20 {
                outBytes(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        if !bytes.isEmpty { outBytes(bytes) }
    }

    /// A JSON value on stdout, one line (``out(jsonLines:)``). The value is kept until exit:
    /// freeing a tree of values node by node cost more than printing it (170 M instructions for
    /// a trip of 5,479 days).
    static func out(json value: JSONValue) {
        out(jsonLines: CollectionOfOne(value))
        KeptUntilExit.keep(value)
    }

    /// Bytes of data on stdout as they are (JSON documents, which escape their own controls).
    static func outBytes(_ data: Data) {
        write(data, to: STDOUT_FILENO)
    }

    /// Bytes of data on stdout as they are, from a byte buffer (rendered JSON lines).
    static func outBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes(outBytes)
    }

    /// Bytes of data on stdout as they are, in place (a batch's answers).
    static func outBytes(_ bytes: UnsafeRawBufferPointer) {
        write(bytes, to: STDOUT_FILENO)
    }

    /// A line of diagnostics on stderr.
    static func error(_ text: String) {
        write(Data((text.escapedForTerminal(keepingNewlines: true) + "\n").utf8), to: STDERR_FILENO)
    }

    /// The command name, for the one-line message when stdout fails ("atlas export").
    nonisolated(unsafe) static var commandName = "atlas"

    private static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { write($0, to: descriptor) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let failure = writeAll(bytes, to: descriptor) else { return }
        if descriptor != STDERR_FILENO {
            let message = "\(commandName): cannot write to \(descriptor == STDOUT_FILENO ? "stdout" : "descriptor \(descriptor)"): \(failure)\n"
            _ = writeAll(Data(message.utf8), to: STDERR_FILENO)
        }
        exit(ExitStatus.output.rawValue)
    }

    /// Writes every byte to `descriptor`, retrying short writes and interruptions; the plain
    /// reason ("No space left on device") when it cannot.
    static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += n
        }
        return nil
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

extension String {
    /// The string with C0 control characters and DEL shown as `\x1b`-style escapes; tab is
    /// kept, and newline too when `keepingNewlines` (a whole message, not a value in it).
    func escapedForTerminal(keepingNewlines: Bool = false) -> String {
        // Every control character is ASCII, one byte that no multi-byte character contains: the
        // bytes are checked, not the scalars (a table of 5,000 lines took 120 M instructions).
        let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != tab && (b != newline || !keepingNewlines)) || b == 0x7F }
        // In place when the bytes are contiguous (a native string's are): a plain loop, not an
        // iterator's calls.
        let clean = utf8.withContiguousStorageIfAvailable { !$0.contains(where: isControl) } ?? !utf8.contains(where: isControl)
        guard !clean else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar, keepingNewlines: keepingNewlines) {
                out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value echoed in a message (a file name, a query): every control character escaped.
    var shown: String { escapedForTerminal(keepingNewlines: false) }

    /// A message as one line of a listing: each line break (any Unicode newline) a space
    /// between the trimmed lines, and every other control character escaped as in ``shown``.
    var oneLine: String {
        components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ").shown
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        let v = scalar.value
        if v == 0x09 || (keepingNewlines && v == 0x0A) { return false }
        return v < 0x20 || v == 0x7F
    }

    private func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension CocoaError {
    /// "'/x/y.json': No such file or directory" rather than the error's dump.
    var plainReason: String {
        let path = (userInfo[NSFilePathErrorKey] as? String) ?? url?.path
        var reason: String?
        if let posix = (userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(posix.code)))
        }
        let text = reason ?? localizedDescription
        return path.map { "'\($0.shown)': \(text)" } ?? text
    }
}
