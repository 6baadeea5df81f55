// The parts of glibc that Swift's Glibc module does not export: the allocator controls of
// <malloc.h> (mallopt, malloc_trim and their M_* constants), and sincos and sync_file_range
// (with the flag that starts write-back), which <math.h> and <fcntl.h> declare only under
// _GNU_SOURCE. Elsewhere the header declares nothing and callers fall back
// (`#if canImport(Glibc)`).
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#include <sys/types.h>
void sincos(double x, double *sine, double *cosine);
int sync_file_range(int fd, __off64_t offset, __off64_t count, unsigned int flags);
static const unsigned int CGlibcSyncFileRangeWrite = 2; /* SYNC_FILE_RANGE_WRITE */
#endif
