import Foundation

/// Whether a gazetteer file is the one its manifest describes: the `manifest.json` beside it
/// (as `make install` and `Resources/` keep them) records `files` → `gazetteer.sqlite` →
/// `sha256` and `bytes`, and the file is hashed again (``SHA256``) to compare.
///
/// ```swift
/// let check = ManifestCheck.run(gazetteerPath: try GazetteerLocation.resolve(explicit: nil))
/// if let problem = check.problem { print(problem) }     // "sha256 … differs from the manifest's …"
/// ```
///
/// Opening the gazetteer is not needed and not tried: a damaged file is what this looks for.
/// A value type; `Sendable`.
public struct ManifestCheck: Sendable, Equatable {
    public let gazetteerPath: String
    /// `manifest.json` in the gazetteer's folder.
    public let manifestPath: String
    /// What the manifest records, when it could be read.
    public var expectedSHA256: String?
    public var expectedBytes: Int?
    /// What the file holds, when it could be read.
    public var actualSHA256: String?
    public var actualBytes: Int?
    /// Why the file is not known to be the one the manifest describes, in words (naming the
    /// manifest when the fault is the manifest's); nil when it is.
    public var problem: String?

    public var isIntact: Bool { problem == nil }

    /// The manifest's name beside the gazetteer.
    public static let manifestName = "manifest.json"
    /// A manifest is a few kilobytes; anything past this is no manifest, and is not read whole.
    public static let manifestByteLimit = 1 << 20

    /// Reads the manifest beside `gazetteerPath`, hashes the file and compares.
    public static func run(gazetteerPath: String) -> ManifestCheck {
        let manifest = URL(fileURLWithPath: gazetteerPath).deletingLastPathComponent().appendingPathComponent(manifestName).path
        var check = ManifestCheck(gazetteerPath: gazetteerPath, manifestPath: manifest)
        check.readManifest()
        // Hashed even when the manifest failed: the figure is worth showing beside the reason.
        do {
            var status = stat()    // not FileManager's attributes: they look up the owner's name
            guard stat(gazetteerPath, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
            check.actualBytes = Int(status.st_size)
            check.actualSHA256 = try SHA256.hexDigest(ofFileAt: gazetteerPath)
        } catch let error as GazetteerError {
            check.problem = check.problem ?? error.reason
        } catch {
            let exists = FileManager.default.fileExists(atPath: gazetteerPath)
            check.problem = check.problem ?? (exists ? "cannot be read" : "no such file")
        }
        guard check.problem == nil, let expected = check.expectedSHA256, let actual = check.actualSHA256 else { return check }
        if let bytes = check.expectedBytes, let actualBytes = check.actualBytes, bytes != actualBytes {
            check.problem = "\(actualBytes) bytes, the manifest says \(bytes); sha256 \(actual), the manifest says \(expected)"
        } else if expected != actual {
            check.problem = "sha256 \(actual) differs from the manifest's \(expected)"
        }
        return check
    }

    private init(gazetteerPath: String, manifestPath: String) {
        (self.gazetteerPath, self.manifestPath) = (gazetteerPath, manifestPath)
    }

    /// Sets the expected figures, or ``problem`` saying why the manifest gives none.
    private mutating func readManifest() {
        guard let handle = FileHandle(forReadingAtPath: manifestPath) else {
            problem = "\(manifestPath): " + (FileManager.default.fileExists(atPath: manifestPath) ? "cannot be read" : "no such file (the manifest belongs beside the gazetteer)")
            return
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.manifestByteLimit + 1) ?? Data()
        } catch {
            problem = "\(manifestPath): cannot be read"
            return
        }
        guard data.count <= Self.manifestByteLimit else {
            problem = "\(manifestPath): larger than \(Self.manifestByteLimit) bytes, no manifest"
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            problem = "\(manifestPath): not a JSON object"
            return
        }
        let entry = (object["files"] as? [String: Any])?[GazetteerLocation.fileName] as? [String: Any]
        guard let sha = entry?["sha256"] as? String else {
            problem = "\(manifestPath): no files → \(GazetteerLocation.fileName) → sha256"
            return
        }
        let lower = sha.lowercased()
        guard lower.utf8.count == 64, lower.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            problem = "\(manifestPath): files → \(GazetteerLocation.fileName) → sha256 is not 64 hexadecimal digits"
            return
        }
        expectedSHA256 = lower
        expectedBytes = (entry?["bytes"] as? NSNumber)?.intValue
    }
}
