import Foundation
import Gazetteer
import TravelLog

/// `atlas verify`: whether the travel log still describes the photo files, whether the log
/// itself is sound (SQLite's integrity check, the aggregates against the photos), and whether
/// the gazetteer is the file its manifest describes. Reads only: the log is opened read-only
/// and never migrated or refreshed (``LogVerifier``), files are only `stat`ed (and read when
/// `deep`), the gazetteer only hashed.
///
/// ```swift
/// let v = Verification.run(logPath: TravelLog.defaultPath(), gazetteer: nil, options: .init(deep: true))
/// for f in v.findings where f.severity >= .attention { print(f.kind, f.count) }
/// ```
///
/// Every check runs whatever the others found, so one report says everything. A value type;
/// `Sendable`.
public struct Verification: Sendable {
    public struct Options: Sendable {
        /// Re-read each unchanged file's Exif fingerprint (``FileCheck/deep``).
        public var deep: Bool
        /// How many items each finding keeps; nil keeps them all.
        public var limit: Int?
        public var jobs: Int

        public init(deep: Bool = false, limit: Int? = 10, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            (self.deep, self.limit, self.jobs) = (deep, limit, jobs)
        }
    }

    public var logPath: String
    /// The gazetteer checked, nil when none was found.
    public var gazetteerPath: String?
    public var options: Options
    /// Photo rows in the log (each checked, but the ones known missing).
    public var photos = 0
    /// False when reading the photos stopped at damage in the log: ``photos`` counts those read.
    public var photosComplete = true
    /// One per ``VerificationFinding/Kind``, in that order.
    public var findings: [VerificationFinding] = []

    /// The worst finding.
    public var severity: VerificationFinding.Severity { findings.map(\.severity).max() ?? .ok }

    public func finding(_ kind: VerificationFinding.Kind) -> VerificationFinding? { findings.first { $0.kind == kind } }

    /// Runs every check. `gazetteer` is `--gazetteer` (nil: where ``GazetteerLocation`` finds it).
    public static func run(logPath: String, gazetteer: String?, options: Options = Options()) -> Verification {
        var v = Verification(logPath: logPath, options: options)
        var found = Dictionary(uniqueKeysWithValues: VerificationFinding.Kind.allCases.map { ($0, VerificationFinding(kind: $0, severity: .ok)) })
        v.checkLog(into: &found)
        v.checkGazetteer(explicit: gazetteer, into: &found)
        v.findings = VerificationFinding.Kind.allCases.map { found[$0]! }
        return v
    }

    private mutating func checkLog(into found: inout [VerificationFinding.Kind: VerificationFinding]) {
        let verifier: LogVerifier
        do {
            verifier = try LogVerifier(path: logPath)
        } catch {
            // TravelLogError names the file first: the item names it already.
            var why = LogVerifier.reason(error)
            if why.hasPrefix(logPath + ": ") { why.removeFirst(logPath.count + 2) }
            found[.integrity] = VerificationFinding(kind: .integrity, severity: .damaged, count: 1,
                                                    items: [.init(subject: logPath, detail: why)], note: "the log could not be opened")
            photosComplete = false
            for kind in [VerificationFinding.Kind.gone, .changed, .exif, .unreadable, .knownMissing, .aggregates] {
                found[kind] = VerificationFinding(kind: kind, severity: .note, note: "not checked: the log could not be opened")
            }
            return
        }
        let problems = verifier.integrityProblems()
        found[.integrity] = VerificationFinding(kind: .integrity, severity: problems.isEmpty ? .ok : .damaged, count: problems.count,
                                                items: keep(problems.map { .init(subject: logPath, detail: $0) }))
        switch verifier.aggregates() {
        case .matching:
            found[.aggregates] = VerificationFinding(kind: .aggregates, severity: .ok, note: Self.staleNote(verifier.staleDates))
        case .differing(let dates):
            found[.aggregates] = VerificationFinding(kind: .aggregates, severity: .damaged, count: dates.count,
                                                     items: keep(dates.map { .init(subject: $0.isEmpty ? "undated" : $0, detail: "stored rows differ from the photos") }),
                                                     note: Self.staleNote(verifier.staleDates))
        case .notCompared(let why):
            found[.aggregates] = VerificationFinding(kind: .aggregates, severity: .note, note: "not compared: \(why)")
        case .failed(let why):
            found[.aggregates] = VerificationFinding(kind: .aggregates, severity: .damaged, count: 1,
                                                     items: [.init(subject: logPath, detail: why)], note: "could not be compared")
        }
        checkFiles(verifier, into: &found)
    }

    private mutating func checkFiles(_ verifier: LogVerifier, into found: inout [VerificationFinding.Kind: VerificationFinding]) {
        let check = FileCheck(deep: options.deep, jobs: options.jobs)
        var byKind: [VerificationFinding.Kind: (count: Int, items: [VerificationFinding.Item])] = [:]
        var deepRead = 0, withoutFingerprint = 0
        func add(_ kind: VerificationFinding.Kind, _ path: String, _ detail: String) {
            // Counted in place: an entry copied out and stored back copied its items each time.
            func count(_ entry: inout (count: Int, items: [VerificationFinding.Item])) {
                entry.count += 1
                if options.limit.map({ entry.items.count < $0 }) ?? true { entry.items.append(.init(subject: path, detail: detail)) }
            }
            count(&byKind[kind, default: (0, [])])
        }
        do {
            try verifier.forEachPhotoStamp { stamps in
                photos += stamps.count
                for (stamp, state) in zip(stamps, check.states(of: stamps)) {
                    switch state {
                    case .asImported:
                        if stamp.fingerprint == nil { withoutFingerprint += 1 } else { deepRead += 1 }
                    case .knownMissing: add(.knownMissing, stamp.path, "marked missing by an import")
                    case .gone(let why): add(.gone, stamp.path, why)
                    case .changed(let why): add(.changed, stamp.path, why)
                    case .exifChanged(let why): add(.exif, stamp.path, why)
                    case .unreadable(let why): add(.unreadable, stamp.path, why)
                    }
                }
            }
        } catch {
            photosComplete = false
            var integrity = found[.integrity]!
            integrity.severity = .damaged
            integrity.count += 1
            integrity.items.append(.init(subject: logPath, detail: "the photos could not be read: \(LogVerifier.reason(error))"))
            found[.integrity] = integrity
        }
        // What stopped at damage passes nothing: it says how far it got.
        let partial = photosComplete ? nil : photos == 0 ? "not checked: the photos could not be read" : "only the first \(photos) photos could be read"
        for kind in [VerificationFinding.Kind.gone, .changed, .exif, .unreadable] {
            let entry = byKind[kind] ?? (0, [])
            found[kind] = VerificationFinding(kind: kind, severity: entry.count > 0 ? .attention : partial == nil ? .ok : .note,
                                              count: entry.count, items: entry.items, note: partial)
        }
        let missing = byKind[.knownMissing] ?? (0, [])
        found[.knownMissing] = VerificationFinding(kind: .knownMissing, severity: missing.count == 0 && partial == nil ? .ok : .note, count: missing.count,
                                                   items: missing.items, note: partial ?? (missing.count == 0 ? nil : "already known: the next import that sees them again takes them back"))
        if !options.deep {
            found[.exif] = VerificationFinding(kind: .exif, severity: .note, note: "not checked: --deep reads each file's Exif again")
        } else if withoutFingerprint > 0 {
            found[.exif]?.note = "\(deepRead) compared; \(withoutFingerprint) stored without a fingerprint not compared"
        }
    }

    private mutating func checkGazetteer(explicit: String?, into found: inout [VerificationFinding.Kind: VerificationFinding]) {
        let path: String
        do {
            path = try GazetteerLocation.resolve(explicit: explicit)
        } catch {
            found[.gazetteer] = VerificationFinding(kind: .gazetteer, severity: .damaged, count: 1,
                                                    items: [.init(subject: explicit ?? GazetteerLocation.fileName, detail: "\(error)")])
            return
        }
        gazetteerPath = path
        let check = ManifestCheck.run(gazetteerPath: path)
        if let problem = check.problem {
            found[.gazetteer] = VerificationFinding(kind: .gazetteer, severity: .damaged, count: 1, items: [.init(subject: path, detail: problem)],
                                                    note: check.actualSHA256.map { "sha256 \($0)" })
        } else {
            found[.gazetteer] = VerificationFinding(kind: .gazetteer, severity: .ok, note: "sha256 \(check.actualSHA256 ?? "") as \(check.manifestPath) says")
        }
    }

    private func keep(_ items: [VerificationFinding.Item]) -> [VerificationFinding.Item] {
        options.limit.map { Array(items.prefix($0)) } ?? items
    }

    private static func staleNote(_ stale: Int) -> String? {
        stale == 0 ? nil : "\(stale) date\(stale == 1 ? "" : "s") left stale by an interrupted import not compared (the next import refreshes them)"
    }
}
