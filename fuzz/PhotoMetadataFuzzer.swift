// libFuzzer entry point for the metadata reader: any bytes, any format, must give a result
// or a MetadataError — never a crash, a hang, a leak or an out-of-bounds access.
//
// Each input is read twice: from memory, and from a file through `FileSource` (its windowed
// `pread`s and libheif's reader callbacks), the path `atlas import` and `atlas inspect` take.
#if canImport(Glibc)
import Glibc
#endif
import PhotoMetadata

/// One scratch file per fuzzer process, rewritten for every input.
private let scratch = "/tmp/photo-metadata-fuzz-\(getpid()).bin"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? MetadataReader().read(bytes: bytes)

    let fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(scratch): \(String(cString: strerror(errno)))") }
    var written = 0
    while written < size {
        let n = write(fd, data + written, size - written)
        guard n > 0 else { fatalError("cannot write \(scratch)") }
        written += n
    }
    close(fd)
    _ = try? MetadataReader().read(path: scratch)
    return 0
}
