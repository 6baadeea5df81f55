import Foundation
import SQLite

/// The travel log as `atlas verify` reads it: opened read-only and never changed (no
/// migration, no refresh of the aggregates), so checking a log cannot alter what it checks.
///
/// ```swift
/// let verifier = try LogVerifier(path: TravelLog.defaultPath())
/// print(verifier.integrityProblems())      // [] when SQLite finds the file sound
/// if case .differing(let dates) = verifier.aggregates() { print(dates) }
/// try verifier.forEachPhotoStamp { stamps in … }
/// ```
///
/// A log written by an older atlas is checked all the same, but for its aggregates, which
/// the next command that opens it brings up to date. One connection: use a verifier from one
/// thread at a time.
public final class LogVerifier {
    /// What comparing the stored aggregates with the photos found.
    public enum AggregateOutcome: Sendable, Equatable {
        /// Every date's stored rows are what its photos give.
        case matching
        /// The local dates (place days) and UTC days (track days) whose stored rows differ,
        /// sorted; '' stands for the photos without a capture time.
        case differing([String])
        /// Not compared, and why (a log from an older atlas): nothing is wrong.
        case notCompared(String)
        /// The comparison could not be made: reading the log failed (a damaged file).
        case failed(String)
    }

    public let path: String
    /// `PRAGMA user_version`: the log's schema.
    public let schemaVersion: Int
    /// The dates an import left to be refreshed (killed before its end): their stored rows
    /// are not compared, since every reader computes them and the next import rewrites them.
    public private(set) var staleDates = 0
    private let database: Database
    /// The log itself when its schema is this program's, to recompute its aggregates.
    private let log: TravelLog?

    /// Opens the log at `path` read-only. Throws when there is no log there, when the file is
    /// no travel log or no SQLite database, or when a newer atlas wrote it.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw TravelLogError.missing(path) }
        do {
            database = try Database(path: path, mode: .readOnly)
            database.setBusyTimeout(milliseconds: TravelLog.busyTimeoutMilliseconds)
            try TravelLog.identify(database, path: path)
            schemaVersion = try database.prepare("PRAGMA user_version").scalarInt() ?? 0
        } catch let error as SQLiteError {
            throw TravelLogError.sqlite(error)
        }
        guard schemaVersion <= TravelLog.migrations.count else { throw TravelLogError.newerSchema(path, schemaVersion) }
        // At the current schema a read-only TravelLog neither migrates nor refreshes anything.
        log = schemaVersion == TravelLog.migrations.count ? try TravelLog(path: path, readOnly: true) : nil
    }

    /// What `PRAGMA integrity_check` says is wrong with the file, one problem a line (at most
    /// 100, SQLite's default); empty when it answers "ok". A check that cannot even run says why.
    public func integrityProblems() -> [String] {
        do {
            let s = try database.prepare("PRAGMA integrity_check")
            var lines: [String] = []
            // A row may hold several lines ("*** in database main ***\nPage 3: …"): one problem a line.
            while try s.step() {
                lines += (s.string(0) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("*** in database") }
            }
            return lines == ["ok"] ? [] : lines
        } catch {
            return ["integrity_check could not run: \(Self.reason(error))"]
        }
    }

    /// The stored aggregates against a recomputation from the photos (``TravelLog/aggregateMismatches()``).
    public func aggregates() -> AggregateOutcome {
        guard let log else {
            return .notCompared("written by an older atlas (schema \(schemaVersion), this one reads \(TravelLog.migrations.count)); "
                                + "any other atlas command brings it up to date")
        }
        do {
            let found = try log.aggregateMismatches()
            staleDates = found.staleDates
            return found.dates.isEmpty ? .matching : .differing(found.dates)
        } catch {
            return .failed(Self.reason(error))
        }
    }

    /// An error in words, without the log's path (which the report gives once).
    public static func reason(_ error: Error) -> String {
        switch error {
        case let e as SQLiteError: "\(e.message) (SQLite error \(e.code))"
        case TravelLogError.sqlite(let e): "\(e.message) (SQLite error \(e.code))"
        default: "\(error)"
        }
    }

    /// Calls `body` with the stamps of every photo in the log, in path order (bytes), at most
    /// `batchSize` at a time, so a library of any size is checked in little memory.
    public func forEachPhotoStamp(batchSize: Int = 4096, _ body: ([PhotoStamp]) throws -> Void) throws {
        do {
            try TravelLog.forEachPhotoStamp(in: database, batchSize: batchSize, body)
        } catch let error as SQLiteError {
            throw TravelLogError.sqlite(error)
        }
    }
}
