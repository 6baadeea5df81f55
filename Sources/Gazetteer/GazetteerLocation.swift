import Foundation

/// Where the compiled gazetteer lives: an explicit path, `ATLAS_GAZETTEER`, or the
/// `Resources/gazetteer.sqlite` of the installation the running program belongs to.
///
/// ```swift
/// let path = try GazetteerLocation.resolve(explicit: nil)
/// ```
public enum GazetteerLocation {
    public static let environmentVariable = "ATLAS_GAZETTEER"
    public static let fileName = "gazetteer.sqlite"

    /// The path to open: `explicit` first, then the environment, then the bundled file found
    /// next to the executable (walking up from it, as a build tree or `share/travel-atlas`).
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit { return explicit }
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        for candidate in bundledCandidates() where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        throw GazetteerError(path: "Resources/\(fileName)",
                             reason: "not found next to the program; pass --gazetteer PATH or set \(environmentVariable)")
    }

    static func bundledCandidates() -> [String] {
        var out: [String] = []
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            out.append(dir.appendingPathComponent("Resources/\(fileName)").path)
            out.append(dir.appendingPathComponent("share/travel-atlas/\(fileName)").path)
            dir.deleteLastPathComponent()
        }
        // The source tree this module was built from (tests and `swift run`).
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        out.append(sourceRoot.appendingPathComponent("Resources/\(fileName)").path)
        return out
    }
}
