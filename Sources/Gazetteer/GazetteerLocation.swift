import Foundation

/// Where the compiled gazetteer lives. In order: `--gazetteer PATH`, `ATLAS_GAZETTEER`, the
/// installed copy beside the real executable (`<bin>/../share/travel-atlas/gazetteer.sqlite`),
/// the `Resources/` of the package whose build tree (`.build/…`) holds the executable and, in
/// debug builds only and not for a program in a `bin` directory, the `Resources/` of the
/// source tree this module was compiled from.
///
/// ```swift
/// let path = try GazetteerLocation.resolve(explicit: nil)
/// ```
///
/// The executable is the one the kernel ran (`/proc/self/exe`, symlinks resolved), never
/// `argv[0]`: a program called through `PATH` or a symlink finds its data all the same. When
/// nothing is found, the error lists every place tried.
public enum GazetteerLocation {
    public static let environmentVariable = "ATLAS_GAZETTEER"
    public static let fileName = "gazetteer.sqlite"
    /// Where `make install` puts the data, relative to the prefix.
    public static let shareDirectory = "share/travel-atlas"

    /// One place the search looked at, for the error that lists them.
    public struct Candidate: Sendable, Equatable {
        /// Where it comes from: `installed`, `build tree`, `source tree`.
        public let source: String
        public let path: String
    }

    /// The path to open: `explicit` first, then the environment, then the first candidate of
    /// ``candidates(executable:)`` that exists. `executable` is the running program unless a
    /// test says otherwise.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               executable: String? = executablePath()) throws -> String {
        if let explicit { return explicit }
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        let found = candidates(executable: executable)
        for candidate in found where FileManager.default.fileExists(atPath: candidate.path) {
            return candidate.path
        }
        var tried = ["--gazetteer PATH: not given", "\(environmentVariable): not set"]
        if executable == nil { tried.append("next to the program: its path could not be read from /proc/self/exe") }
        tried += found.map { "\($0.path) (\($0.source)): no such file" }
        if let executable, !found.contains(where: { $0.source == "build tree" }) {
            tried.append("build tree: none (\(executable) is not inside a .build directory)")
        }
        #if DEBUG
        if isInstalled(executable) { tried.append("\(sourceTreeSource): not tried for a program in a bin directory") }
        #endif
        throw GazetteerError(path: fileName,
                             reason: "not found; looked in:\n" + tried.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// The bundled places, in the order they are tried, for the program at `executable`
    /// (a real path, symlinks resolved).
    public static func candidates(executable: String?) -> [Candidate] {
        var out: [Candidate] = []
        if let executable {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // `prefix/bin/atlas` → `prefix/share/travel-atlas/gazetteer.sqlite`.
            let prefix = bin.deletingLastPathComponent()
            out.append(Candidate(source: "installed", path: prefix.appendingPathComponent("\(shareDirectory)/\(fileName)").path))
            // `package/.build/<triple>/<config>/atlas` → `package/Resources/gazetteer.sqlite`
            // (`swift run`, `.build/release/atlas`, the test bundles).
            var directory = bin
            while directory.pathComponents.count > 1 {
                if directory.lastPathComponent == ".build" {
                    let package = directory.deletingLastPathComponent()
                    out.append(Candidate(source: "build tree", path: package.appendingPathComponent("Resources/\(fileName)").path))
                    break
                }
                directory.deleteLastPathComponent()
            }
        }
        #if DEBUG
        // The source tree this module was compiled from: a debug build with its scratch
        // directory elsewhere. Never in a release build, and never for a program installed in
        // a `bin` directory: an installed copy uses its own data or says it has none.
        if !isInstalled(executable) {
            let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            out.append(Candidate(source: sourceTreeSource, path: sourceRoot.appendingPathComponent("Resources/\(fileName)").path))
        }
        #endif
        return out
    }

    static let sourceTreeSource = "source tree, debug builds only"

    /// A program whose directory is named `bin` is an installed one.
    static func isInstalled(_ executable: String?) -> Bool {
        guard let executable else { return false }
        return URL(fileURLWithPath: executable).deletingLastPathComponent().lastPathComponent == "bin"
    }

    /// The running program's real path: `/proc/self/exe` with every symlink resolved, or nil
    /// where there is none to read.
    public static func executablePath() -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            #if os(macOS)
            return Bundle.main.executableURL?.resolvingSymlinksInPath().path
            #else
            return nil
            #endif
        }
        return URL(fileURLWithPath: target).resolvingSymlinksInPath().path
    }
}
