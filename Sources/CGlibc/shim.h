// The parts of glibc that Swift's Glibc module does not export: the allocator controls of
// <malloc.h> (mallopt, malloc_trim and their M_* constants), and sincos, which <math.h>
// declares only under _GNU_SOURCE. Elsewhere the header declares nothing and callers fall back
// (`#if canImport(Glibc)`).
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
void sincos(double x, double *sine, double *cosine);
#endif
