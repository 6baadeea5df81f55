import Foundation
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#endif

/// Reads one file in a fresh `atlas inspect` and says whether that killed it, as it killed the
/// import that was reading it: what `atlas import` asks of the files a dead run left marked,
/// before it records one as `crashed` (a run stopped by SIGKILL leaves healthy files marked).
enum CrashProbe {
    /// How long a probe may take before it is taken as hung, like a crash.
    static let patienceSeconds = 60.0

    static func kills(_ path: String) -> Bool {
        // /proc/self/exe is this program in the child too (it is resolved before the exec), so
        // no path of the program is needed. Raw bytes: a name that is not UTF-8 must reach the
        // child as it is on disk.
        let words = ["/proc/self/exe", "inspect", "--json", path].map { FileName.bytes($0).map { CChar(bitPattern: $0) } + [0] }
        var pointers = words.map { word in word.withUnsafeBufferPointer { strdup($0.baseAddress!) } } + [nil]
        defer { for p in pointers { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDOUT_FILENO, STDERR_FILENO] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0) }
        var child = pid_t()
        guard posix_spawn(&child, pointers[0]!, &actions, nil, &pointers, environ) == 0 else { return false }
        let deadline = Date().addingTimeInterval(patienceSeconds)
        var status: Int32 = 0
        while waitpid(child, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(child, SIGKILL)
                waitpid(child, &status, 0)
                return true
            }
            usleep(5_000)
        }
        // Killed by a signal (a trap is SIGILL or SIGTRAP, an abort SIGABRT): WIFSIGNALED.
        return status & 0x7F != 0 && status & 0x7F != 0x7F
    }
}
