#if canImport(Glibc)
import CGlibc
#endif

/// glibc's allocator policy for an import. Reading a photo's metadata frees many small blocks
/// (libexif's entries, the TIFF walk's arrays) and allocates a few large ones (each file's
/// 16 KiB read window); glibc parks the small ones in "fast bins" and sweeps every fast bin
/// (`malloc_consolidate`) before each large allocation, once or more per file. Without fast
/// bins the small blocks still go through the per-thread cache, and no sweep happens: the
/// metadata reader ran ~20% faster on the import benchmark (A/B with `GLIBC_TUNABLES=
/// glibc.malloc.mxfast=0`, see benchmarks/README.md).
///
/// ```swift
/// ReadingHeap.prepare()   // before the workers start
/// ```
///
/// Process-wide and idempotent; a no-op off glibc.
public enum ReadingHeap {
    public static func prepare() {
        #if canImport(Glibc)
        _ = mallopt(M_MXFAST, 0)
        #endif
    }
}
