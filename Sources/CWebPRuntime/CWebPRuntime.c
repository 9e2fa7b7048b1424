#include "CWebPRuntime.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

/// One looked-up symbol, or NULL.
static void *look_up(void *library, const char *name) { return dlsym(library, name); }

const CWebPLibrary *cwebp_library_open(const char *soname) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return NULL;
    void *get_features = look_up(library, "WebPGetFeaturesInternal");
    void *decode_rgba_into = look_up(library, "WebPDecodeRGBAInto");
    void *encode_rgba = look_up(library, "WebPEncodeRGBA");
    void *encode_lossless_rgba = look_up(library, "WebPEncodeLosslessRGBA");
    void *release = look_up(library, "WebPFree");
    CWebPLibrary *functions = malloc(sizeof *functions);
    if (functions == NULL || get_features == NULL || decode_rgba_into == NULL || encode_rgba == NULL ||
        encode_lossless_rgba == NULL || release == NULL) {
        free(functions);
        dlclose(library);
        return NULL;
    }
    // POSIX guarantees that a function's address from dlsym converts to a function pointer.
    *(void **)&functions->get_features = get_features;
    *(void **)&functions->decode_rgba_into = decode_rgba_into;
    *(void **)&functions->encode_rgba = encode_rgba;
    *(void **)&functions->encode_lossless_rgba = encode_lossless_rgba;
    *(void **)&functions->free = release;
    return functions;
}

static pthread_once_t shared_once = PTHREAD_ONCE_INIT;
static const CWebPLibrary *shared_library;

static void load_shared(void) { shared_library = cwebp_library_open(CWEBP_LIBRARY_SONAME); }

const CWebPLibrary *cwebp_library_shared(void) {
    pthread_once(&shared_once, load_shared);
    return shared_library;
}
