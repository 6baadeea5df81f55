#include <libheif/heif.h>
#include <dlfcn.h>

// libheif is opened when a HEIF file is first read, not linked: loading it (and the codecs it
// registers as the process starts) was half of every atlas command's start, 25 M instructions,
// for commands that never read an image. The function types come from the header itself.

/// The libheif functions the metadata reader calls, from the library opened at run time.
struct atlas_heif_api {
    __typeof__(&heif_init) initialise;
    __typeof__(&heif_context_alloc) context_alloc;
    __typeof__(&heif_context_free) context_free;
    __typeof__(&heif_context_read_from_reader) context_read_from_reader;
    __typeof__(&heif_context_get_primary_image_handle) context_get_primary_image_handle;
    __typeof__(&heif_image_handle_release) image_handle_release;
    __typeof__(&heif_image_handle_get_width) image_handle_get_width;
    __typeof__(&heif_image_handle_get_height) image_handle_get_height;
    __typeof__(&heif_image_handle_get_number_of_metadata_blocks) image_handle_get_number_of_metadata_blocks;
    __typeof__(&heif_image_handle_get_list_of_metadata_block_IDs) image_handle_get_list_of_metadata_block_IDs;
    __typeof__(&heif_image_handle_get_metadata_size) image_handle_get_metadata_size;
    __typeof__(&heif_image_handle_get_metadata) image_handle_get_metadata;
};

/// Opens libheif and fills `api`: NULL on success, else why not (dlerror's text, or the
/// function missing). Not thread-safe: call it once.
static inline const char *atlas_heif_load(struct atlas_heif_api *api) {
#ifdef __APPLE__
    const char *names[] = {"libheif.1.dylib", "libheif.dylib"};
#else
    const char *names[] = {"libheif.so.1", "libheif.so"};
#endif
    void *library = NULL;
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define ATLAS_HEIF_LOAD(field, name) \
    if (!(api->field = (__typeof__(api->field))dlsym(library, #name))) return "libheif has no " #name;
    ATLAS_HEIF_LOAD(initialise, heif_init)
    ATLAS_HEIF_LOAD(context_alloc, heif_context_alloc)
    ATLAS_HEIF_LOAD(context_free, heif_context_free)
    ATLAS_HEIF_LOAD(context_read_from_reader, heif_context_read_from_reader)
    ATLAS_HEIF_LOAD(context_get_primary_image_handle, heif_context_get_primary_image_handle)
    ATLAS_HEIF_LOAD(image_handle_release, heif_image_handle_release)
    ATLAS_HEIF_LOAD(image_handle_get_width, heif_image_handle_get_width)
    ATLAS_HEIF_LOAD(image_handle_get_height, heif_image_handle_get_height)
    ATLAS_HEIF_LOAD(image_handle_get_number_of_metadata_blocks, heif_image_handle_get_number_of_metadata_blocks)
    ATLAS_HEIF_LOAD(image_handle_get_list_of_metadata_block_IDs, heif_image_handle_get_list_of_metadata_block_IDs)
    ATLAS_HEIF_LOAD(image_handle_get_metadata_size, heif_image_handle_get_metadata_size)
    ATLAS_HEIF_LOAD(image_handle_get_metadata, heif_image_handle_get_metadata)
#undef ATLAS_HEIF_LOAD
    return NULL;
}
