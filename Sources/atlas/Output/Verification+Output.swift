import Importer
import JSONWriter
import Passport

extension Verification {
    /// The text report: a line about the log, then one line per check ("ok", "not checked", or
    /// a count) followed by its paths or dates, indented, and last the disk the files take.
    ///
    /// ```
    /// log /home/me/.local/share/travel-atlas/atlas.sqlite: 1,204 photos
    /// gone: 2
    ///   /photos/2024/IMG_0001.jpg: no such file
    /// changed: ok
    /// ```
    func textLines(listed: Int?) -> [String] {
        var lines = ["log \(logPath.shown): " + (photosComplete ? counted(photos, "photo") : photos == 0 ? "the photos could not be read"
                                                   : "\(counted(photos, "photo")) read before the damage")]
        for f in findings {
            let name = f.kind == .knownMissing ? "known missing" : f.kind.rawValue
            var head = "\(name): "
            switch f.severity {
            case .ok where f.count == 0: head += "ok" + (f.note.map { " (\($0))" } ?? "")
            case .note where f.count == 0: head += f.note ?? "not checked"
            default: head += grouped(f.count) + (f.note.map { " (\($0))" } ?? "")
            }
            lines.append(head)
            for item in f.items { lines.append("  \(item.subject.shown): \(item.detail.shown)") }
            if f.count > f.items.count { lines.append("  … and \(grouped(f.count - f.items.count)) more (--all lists every one)") }
        }
        lines.append("disk: " + DiskUsage(logPath: logPath, gazetteerPath: gazetteerPath).text)
        return lines
    }

    /// One line for stderr: what the exit status says.
    var verdict: String {
        switch severity {
        case .ok, .note: "atlas verify: all is well"
        case .attention: "atlas verify: some photo files need attention (a new 'atlas import' records what changed)"
        case .damaged: "atlas verify: the travel log or the gazetteer is damaged"
        }
    }

    /// The JSON document: `log`, `gazetteer`, `deep`, `photos` (read), `photos_complete` (false
    /// when damage stopped the reading), `status`, `disk` (``DiskUsage``), then `checks`, one
    /// object per kind in a fixed order with `kind`, `status`, `count`, `note` and the list
    /// (`paths`, `dates` for aggregates, `messages` for integrity and the gazetteer).
    func json() -> JSONValue {
        .object([
            ("log", .string(logPath)),
            ("gazetteer", .optional(gazetteerPath)),
            ("deep", .bool(options.deep)),
            ("photos", .int(photos)),
            ("photos_complete", .bool(photosComplete)),
            ("status", .string(Self.name(severity))),
            ("disk", DiskUsage(logPath: logPath, gazetteerPath: gazetteerPath).json),
            ("checks", .array(findings.map { f in
                let list: String = switch f.kind {
                case .aggregates: "dates"
                case .integrity, .gazetteer: "messages"
                default: "paths"
                }
                let values: [JSONValue] = switch f.kind {
                case .aggregates: f.items.map { .string($0.subject) }
                case .integrity, .gazetteer: f.items.map { .string($0.detail) }
                default: f.items.map { .string($0.subject) }
                }
                return .object([("kind", .string(f.kind.rawValue)), ("status", .string(Self.name(f.severity))), ("count", .int(f.count)),
                                ("note", .optional(f.note)), (list, .array(values))])
            })),
        ])
    }

    static func name(_ severity: VerificationFinding.Severity) -> String {
        switch severity {
        case .ok: "ok"
        case .note: "note"
        case .attention: "attention"
        case .damaged: "damaged"
        }
    }
}
