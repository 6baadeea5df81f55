import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `atlas map` and `atlas report` put a page: a file whose name says what it holds, or
/// stdout when it is no terminal. A picture named `.png` would open as a broken image, and a
/// few megabytes of HTML in a terminal are no answer, so both are usage errors before any work.
enum PageOutput {
    /// The file extensions each format may be written under.
    static let extensions = ["html": ["html", "htm"], "svg": ["svg"]]

    /// A usage error when `output` (nil or `-`: stdout) has an extension that is not
    /// `format`'s, or when the page would go to a terminal because no `--output` was given.
    static func check(_ output: String?, format: String, command: String) throws(UsageError) {
        guard let output, output != "-" else {
            if output == nil, isatty(STDOUT_FILENO) == 1 {
                throw UsageError("\(command) writes a whole \(format.uppercased()) page, not text for a terminal: give --output FILE.\(format) (or --output - to print it here anyway)")
            }
            return
        }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        let allowed = extensions[format] ?? []
        guard !ext.isEmpty, !allowed.contains(ext) else { return }
        let name = allowed.count == 1 ? ".\(allowed[0])" : allowed.map { "." + $0 }.joined(separator: " or ")
        throw UsageError("--output '\(output.shown)': \(command) writes \(format.uppercased()), so the file should end in \(name), not .\(ext)")
    }
}
