// JPEG decoding and encoding through libjpeg's own API (jpeglib.h, libjpeg62-turbo on Debian),
// with libjpeg's fatal errors turned into return codes: libjpeg's default handler calls exit(),
// and its recovery needs setjmp/longjmp, which Swift cannot do, so this small C layer does it.
#ifndef CJPEGCODEC_H
#define CJPEGCODEC_H

#include <stddef.h>
#include <stdint.h>

/// Room for one of libjpeg's messages (JMSG_LENGTH_MAX).
#define CJPEG_MESSAGE_CAPACITY 200

/// The most scans a progressive file may have (TurboJPEG's TJFLAG_LIMITSCANS); more is refused.
#define CJPEG_MAXIMUM_SCANS 100

/// What `cjpeg_encode` writes: RGBA samples as YCbCr (the usual file).
#define CJPEG_WRITE_YCBCR 0
/// Adobe-inverted CMYK samples as YCCK with an Adobe marker (what TurboJPEG writes for CMYK).
#define CJPEG_WRITE_YCCK_FROM_CMYK 1
/// RGBA samples as a greyscale (one-component) file.
#define CJPEG_WRITE_GRAYSCALE 2
/// RGBA samples as an RGB file (no colour transform, Adobe marker).
#define CJPEG_WRITE_RGB 3

/// How `cjpeg_encode` orders the coefficients in scans.
#define CJPEG_BASELINE 0
/// libjpeg's simple progression (10 scans for a colour image).
#define CJPEG_PROGRESSIVE 1
/// A scan for every AC coefficient and bit (3 × 63 a component, 570 for a colour image): a scan bomb
/// for tests of the scan limit.
#define CJPEG_PROGRESSIVE_EVERY_BIT 2

/// A decompressor over one file's bytes, which must outlive it. Opaque.
typedef struct CJPEGDecoder CJPEGDecoder;

/// What a JPEG file's header declares.
typedef struct CJPEGHeader {
    /// The image's width in pixels.
    int width;
    /// The image's height in pixels.
    int height;
    /// Non-zero for CMYK or YCCK files, which decode to (Adobe-inverted) CMYK samples, not RGBA.
    int is_cmyk;
} CJPEGHeader;

/// Starts decompressing `size` bytes at `data` (not copied); NULL when out of memory.
CJPEGDecoder *_Nullable cjpeg_decoder_create(const uint8_t *_Nonnull data, size_t size);

/// Reads the header (jpeg_read_header); 0 on success, -1 with a message on error.
int cjpeg_decoder_read_header(CJPEGDecoder *_Nonnull decoder, CJPEGHeader *_Nonnull header);

/// Decodes at 1/`scale_denominator` (1, 2, 4 or 8) into 4-byte pixels (RGBA, or CMYK for a CMYK file),
/// rows packed, after checking that the output size fits `capacity` bytes; the output size is
/// stored in `width` and `height`. 0 on success, -1 with a message on error (a warning other than
/// junk between segments counts as an error; so do more than CJPEG_MAXIMUM_SCANS scans).
int cjpeg_decoder_decode(CJPEGDecoder *_Nonnull decoder, unsigned scale_denominator, uint8_t *_Nonnull pixels,
                         size_t capacity, int *_Nonnull width, int *_Nonnull height);

/// The message of the last error (libjpeg's own text), or "" if none.
const char *_Nonnull cjpeg_decoder_message(const CJPEGDecoder *_Nonnull decoder);

/// Releases the decompressor.
void cjpeg_decoder_destroy(CJPEGDecoder *_Nullable decoder);

/// Compresses 4-byte samples as `color_space` (one of the CJPEG_WRITE_ values) at `quality` 1–100, 4:4:4, with `progression` CJPEG_BASELINE, CJPEG_PROGRESSIVE or
/// CJPEG_PROGRESSIVE_EVERY_BIT. On success returns 0 and a malloc'd
/// file in `output` (release it with cjpeg_free); on error -1 with libjpeg's message in `message`.
int cjpeg_encode(const uint8_t *_Nonnull samples, int width, int height, int color_space, int quality, int progression,
                 uint8_t *_Nullable *_Nonnull output, size_t *_Nonnull output_size,
                 char *_Nonnull message);

/// Releases a file returned by cjpeg_encode.
void cjpeg_free(void *_Nullable pointer);

#endif
