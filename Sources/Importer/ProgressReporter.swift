import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows an import's progress on stderr: one line rewritten in place on a terminal, plain
/// lines every few seconds otherwise, or nothing.
///
/// ```swift
/// let reporter = ProgressReporter(progress: importer.progress, style: .automatic)
/// reporter.start(); defer { reporter.finish() }
/// ```
///
/// Runs its own timer queue; ``finish()`` clears the line.
public final class ProgressReporter: @unchecked Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// An updating line when stderr is a terminal, nothing otherwise.
        case automatic = "auto"
        /// An updating line on a terminal, periodic plain lines otherwise.
        case always
        case never
    }

    private let progress: ImportProgress
    private let updating: Bool
    private let enabled: Bool
    /// Created only when enabled: a dispatch source released while never resumed traps.
    private var timer: DispatchSourceTimer?
    private let started = Date()
    private var lastWidth = 0

    public init(progress: ImportProgress, style: Style) {
        self.progress = progress
        let terminal = isatty(2) != 0
        updating = terminal
        enabled = style == .always || (style == .automatic && terminal)
    }

    public func start() {
        guard enabled, timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "atlas.progress"))
        let interval: DispatchTimeInterval = updating ? .milliseconds(250) : .seconds(5)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    public func finish() {
        guard let timer else { return }
        timer.cancel()
        self.timer = nil
        if updating { write("\r" + String(repeating: " ", count: lastWidth) + "\r") }
    }

    /// "found 12000  read 3400  resolved 3100  850/s  ETA 10s"
    static func line(_ s: ImportProgress.Snapshot, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(s.done) / seconds : 0
        var text = "found \(s.found)  read \(s.read)  resolved \(s.resolved)  done \(s.done)  \(Int(rate))/s"
        if s.walkFinished, rate > 0 {
            text += "  ETA \(Int((Double(s.found - s.done) / rate).rounded(.up)))s"
        }
        if let h = s.history, h.size > 0 {
            // A history is one long file: its bytes are the progress.
            text += "  history \(h.name) \(h.read >> 20)/\(h.size >> 20) MB"
        }
        return text
    }

    private func draw() {
        let text = Self.line(progress.snapshot(), seconds: Date().timeIntervalSince(started))
        if updating {
            write("\r" + text + String(repeating: " ", count: max(0, lastWidth - text.count)))
            lastWidth = text.count
        } else {
            write(text + "\n")
        }
    }

    /// Progress is advisory: a stderr that cannot be written (full, closed) loses the line
    /// rather than trapping the import.
    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
