/// One kind of thing `atlas verify` looks for, and what it found: how many, and the first of
/// them (each a path or a date with why).
///
/// ```swift
/// let gone = VerificationFinding(kind: .gone, severity: .attention, count: 2,
///                                items: [.init(subject: "/p/a.jpg", detail: "no such file")])
/// ```
///
/// A value type; `Sendable`.
public struct VerificationFinding: Sendable, Equatable {
    /// The kinds, in the order they are reported.
    public enum Kind: String, Sendable, CaseIterable {
        /// Photo files no longer at their path.
        case gone
        /// Photo files whose size or modification time changed.
        case changed
        /// Photo files whose Exif fingerprint changed (`--deep` only).
        case exif
        /// Photo files that could not be examined.
        case unreadable
        /// Photos an import already marked missing.
        case knownMissing = "known-missing"
        /// SQLite's `PRAGMA integrity_check` of the log.
        case integrity
        /// The stored visit aggregates against the photos.
        case aggregates
        /// The gazetteer file against its manifest's sha256.
        case gazetteer
    }

    /// How much it matters; also the exit status's rank (``Verification/severity``).
    public enum Severity: Int, Sendable, Comparable {
        /// Passed, or nothing to report.
        case ok = 0
        /// Not checked (`exif` without `--deep`, the aggregates of an older log), or worth
        /// knowing but no problem (photos already known missing).
        case note = 1
        /// Files gone, changed or unreadable: the log no longer describes them.
        case attention = 2
        /// The log or the gazetteer is damaged.
        case damaged = 3

        public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
    }

    /// One thing found: a path or a date, and why.
    public struct Item: Sendable, Equatable {
        public var subject: String
        public var detail: String
        public init(subject: String, detail: String) { (self.subject, self.detail) = (subject, detail) }
    }

    public var kind: Kind
    public var severity: Severity
    /// How many were found, all of them (``items`` may hold fewer).
    public var count: Int
    /// The first ones found, in order (paths by bytes, dates by date).
    public var items: [Item]
    /// A sentence about the check as a whole: why it was not made, what it compared.
    public var note: String?

    public init(kind: Kind, severity: Severity, count: Int = 0, items: [Item] = [], note: String? = nil) {
        (self.kind, self.severity, self.count, self.items, self.note) = (kind, severity, count, items, note)
    }
}
