// glibc's allocator controls (mallopt, malloc_trim and their M_* constants), which Swift's
// Glibc module does not export. Elsewhere the header declares nothing and callers skip the
// tuning (`#if canImport(Glibc)`).
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
