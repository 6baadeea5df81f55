import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT into a call: the first Ctrl-C asks for a clean stop (after the current batch),
/// a second one exits at once (still safe: every committed batch is in the log).
///
/// ```swift
/// let signal = InterruptSignal { importer.stop() }
/// defer { signal.cancel() }
/// ```
///
/// The handler runs on a private dispatch queue, never inside the signal handler itself.
public final class InterruptSignal: @unchecked Sendable {
    private let source: DispatchSourceSignal
    private var count = 0

    public init(onFirst: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "atlas.sigint"))
        source.setEventHandler { [unowned self] in
            count += 1
            if count == 1 { onFirst() } else { _exit(130) }
        }
        source.resume()
    }

    public func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
