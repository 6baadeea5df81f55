import Foundation
import SQLite

/// The read-only directory of named places compiled into `Resources/gazetteer.sqlite`:
/// continents, countries, regions, cities and airports with their identifiers, names, codes and
/// boundaries. Opened immutable: no journal, no locks, never written.
///
/// ```swift
/// let gazetteer = try Gazetteer.open()                       // the bundled one
/// let japan = try gazetteer.place(PlaceID("country:JP")!)
/// ```
///
/// Thread-safe: one connection behind a lock; every method may be called from any thread.
public final class Gazetteer: @unchecked Sendable {
    public static let supportedSchemaVersion = "8"

    public let path: String
    /// The gazetteer version (`meta.version`), recorded with everything resolved from it.
    public let version: String
    /// The radius around the generalised coastline inside which a point still counts as land.
    public let coastlineToleranceDegrees: Double
    /// The one line a picture made from this data must credit (`meta.attribution`): maps and reports.
    public let attribution: String
    private let database: Database
    private let lock = NSLock()
    /// Built by the first searches that need them; read and written only under `lock`.
    var searchRankIndex: SearchRankIndex?
    var searchNameWords: SearchNameWords?
    /// The statements searches and counts run, prepared once for `database`; used only under `lock`.
    let statements = StatementCache()

    /// Opens the gazetteer at `path`, or the bundled one (see ``GazetteerLocation``).
    public static func open(path: String? = nil) throws -> Gazetteer {
        try Gazetteer(path: GazetteerLocation.resolve(explicit: path))
    }

    public init(path: String) throws {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw GazetteerError(path: path, reason: FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file")
        }
        do {
            database = try Database(path: path, mode: .readOnlyImmutable)
            var meta: [String: String] = [:]
            let rows = try database.prepare("SELECT key, value FROM meta")
            while try rows.step() { meta[rows.string(0) ?? ""] = rows.string(1) }
            guard meta["schema_version"] == Self.supportedSchemaVersion else {
                throw GazetteerError(path: path, reason: "schema version \(meta["schema_version"] ?? "none"), this program reads \(Self.supportedSchemaVersion)")
            }
            guard let version = meta["version"] else { throw GazetteerError(path: path, reason: "no version in meta") }
            self.version = version
            coastlineToleranceDegrees = meta["coastline_tolerance_deg"].flatMap(Double.init) ?? 0
            attribution = meta["attribution"] ?? ""
        } catch let error as GazetteerError {
            throw error
        } catch {
            throw GazetteerError(path: path, reason: "damaged or not a gazetteer (\(error))")
        }
        try verifyManifest()
    }

    /// The manifest beside the database must describe the same build.
    private func verifyManifest() throws {
        let manifestPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("manifest.json").path
        guard let data = FileManager.default.contents(atPath: manifestPath) else { return }  // a bare database is allowed
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GazetteerError(path: manifestPath, reason: "manifest is not valid JSON")
        }
        if let stated = object["version"] as? String, stated != version {
            throw GazetteerError(path: manifestPath, reason: "manifest version \(stated) does not match the database's \(version)")
        }
    }

    /// Runs `body` with a connection of its own, opened for the call: for bulk loads on their own
    /// thread, which would otherwise queue behind each other on the shared connection's lock.
    public func withOwnConnection<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try body(Database(path: path, mode: .readOnlyImmutable))
        } catch let error as SQLiteError {
            throw GazetteerError(path: path, reason: error.message)
        }
    }

    /// Runs `body` with the connection, serialised with every other use.
    public func withDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(database)
        } catch let error as SQLiteError {
            throw GazetteerError(path: path, reason: error.message)
        }
    }
}
