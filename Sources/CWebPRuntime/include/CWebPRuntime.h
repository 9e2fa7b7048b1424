// libwebp through its runtime library only (libwebp.so.7, Debian package libwebp7, on every machine
// of this kind), loaded with dlopen: building needs neither libwebp-dev nor webp/decode.h. The few
// prototypes and the one struct used are declared here, copied from libwebp 1.2's public decode.h
// and encode.h (WEBP_DECODER_ABI_VERSION 0x0209).
#ifndef CWEBPRUNTIME_H
#define CWEBPRUNTIME_H

#include <stddef.h>
#include <stdint.h>

/// The runtime library's file name (soname).
#define CWEBP_LIBRARY_SONAME "libwebp.so.7"

/// WEBP_DECODER_ABI_VERSION of libwebp 1.2 (major 2, minor 9): WebPGetFeaturesInternal checks the major.
#define CWEBP_DECODER_ABI_VERSION 0x0209

/// VP8StatusCode values (decode.h).
#define CWEBP_STATUS_OK 0
#define CWEBP_STATUS_OUT_OF_MEMORY 1
#define CWEBP_STATUS_INVALID_PARAM 2
#define CWEBP_STATUS_BITSTREAM_ERROR 3
#define CWEBP_STATUS_UNSUPPORTED_FEATURE 4
#define CWEBP_STATUS_SUSPENDED 5
#define CWEBP_STATUS_USER_ABORT 6
#define CWEBP_STATUS_NOT_ENOUGH_DATA 7

/// WebPBitstreamFeatures, field for field (decode.h).
typedef struct CWebPFeatures {
    /// Width in pixels, as read from the bitstream.
    int width;
    /// Height in pixels, as read from the bitstream.
    int height;
    /// True if the bitstream contains an alpha channel.
    int has_alpha;
    /// True if the bitstream is an animation.
    int has_animation;
    /// 0 = undefined (/mixed), 1 = lossy, 2 = lossless.
    int format;
    /// Padding for later use.
    uint32_t pad[5];
} CWebPFeatures;

/// The functions used, looked up by name in the loaded library.
typedef struct CWebPLibrary {
    /// WebPGetFeaturesInternal(data, size, features, CWEBP_DECODER_ABI_VERSION): a VP8StatusCode.
    int (*_Nonnull get_features)(const uint8_t *_Nullable data, size_t size, CWebPFeatures *_Nonnull features,
                                 int version);
    /// WebPDecodeRGBAInto(data, size, output, output_size, stride): `output`, or NULL on failure.
    uint8_t *_Nullable (*_Nonnull decode_rgba_into)(const uint8_t *_Nullable data, size_t size,
                                                    uint8_t *_Nullable output, size_t output_size, int stride);
    /// WebPEncodeRGBA(rgba, width, height, stride, quality, &output): the size, 0 on failure.
    size_t (*_Nonnull encode_rgba)(const uint8_t *_Nullable rgba, int width, int height, int stride,
                                   float quality, uint8_t *_Nullable *_Nonnull output);
    /// WebPEncodeLosslessRGBA(rgba, width, height, stride, &output): the size, 0 on failure.
    size_t (*_Nonnull encode_lossless_rgba)(const uint8_t *_Nullable rgba, int width, int height, int stride,
                                            uint8_t *_Nullable *_Nonnull output);
    /// WebPFree(pointer): releases what the encoders returned.
    void (*_Nonnull free)(void *_Nullable pointer);
} CWebPLibrary;

/// libwebp.so.7, loaded once per process (pthread_once) and never unloaded; NULL when it or one of
/// its functions is missing.
const CWebPLibrary *_Nullable cwebp_library_shared(void);

/// Loads the library named `soname` afresh (not cached; for tests); NULL when it or a function is missing.
const CWebPLibrary *_Nullable cwebp_library_open(const char *_Nonnull soname);

#endif
