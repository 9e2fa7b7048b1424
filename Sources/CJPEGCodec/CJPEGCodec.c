#include "CJPEGCodec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

_Static_assert(CJPEG_MESSAGE_CAPACITY >= JMSG_LENGTH_MAX, "a message must fit");

/// libjpeg's error manager extended with the way back (longjmp) and the message.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[CJPEG_MESSAGE_CAPACITY];
} RecoveringErrors;

struct CJPEGDecoder {
    struct jpeg_decompress_struct info;
    RecoveringErrors errors;
    struct jpeg_progress_mgr progress;
    int header_read;
};

/// error_exit: keep the message and jump back instead of exit().
static void jump_back(j_common_ptr info) {
    RecoveringErrors *errors = (RecoveringErrors *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->jump, 1);
}

/// emit_message: a warning (level -1) is an error, except junk between segments, which leaves the
/// image whole; trace messages (level >= 0) are ignored.
static void refuse_warnings(j_common_ptr info, int level) {
    if (level >= 0 || info->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
    jump_back(info);
}

/// output_message: nothing goes to stderr.
static void stay_quiet(j_common_ptr info) { (void)info; }

/// progress_monitor: a scan bomb (thousands of tiny progressive scans) is refused after the limit.
static void limit_scans(j_common_ptr info) {
    if (!info->is_decompressor) return;
    if (((j_decompress_ptr)info)->input_scan_number > CJPEG_MAXIMUM_SCANS) {
        RecoveringErrors *errors = (RecoveringErrors *)info->err;
        snprintf(errors->message, sizeof errors->message, "Progressive JPEG image has more than %d scans",
                 CJPEG_MAXIMUM_SCANS);
        longjmp(errors->jump, 1);
    }
}

static void install_errors(RecoveringErrors *errors) {
    jpeg_std_error(&errors->base);
    errors->base.error_exit = jump_back;
    errors->base.emit_message = refuse_warnings;
    errors->base.output_message = stay_quiet;
    errors->message[0] = '\0';
}

CJPEGDecoder *cjpeg_decoder_create(const uint8_t *data, size_t size) {
    CJPEGDecoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    install_errors(&decoder->errors);
    decoder->info.err = &decoder->errors.base;
    if (setjmp(decoder->errors.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->progress.progress_monitor = limit_scans;
    decoder->info.progress = &decoder->progress;
    jpeg_mem_src(&decoder->info, size > 0 ? data : (const uint8_t *)"", (unsigned long)size);
    return decoder;
}

int cjpeg_decoder_read_header(CJPEGDecoder *decoder, CJPEGHeader *header) {
    if (setjmp(decoder->errors.jump)) return -1;
    jpeg_read_header(&decoder->info, TRUE);
    decoder->header_read = 1;
    header->width = (int)decoder->info.image_width;
    header->height = (int)decoder->info.image_height;
    header->is_cmyk = decoder->info.jpeg_color_space == JCS_CMYK || decoder->info.jpeg_color_space == JCS_YCCK;
    return 0;
}

int cjpeg_decoder_decode(CJPEGDecoder *decoder, unsigned scale_denominator, uint8_t *pixels, size_t capacity,
                         int *width, int *height) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (!decoder->header_read) {
        snprintf(decoder->errors.message, sizeof decoder->errors.message, "the header was not read");
        return -1;
    }
    if (setjmp(decoder->errors.jump)) return -1;
    int is_cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
    info->out_color_space = is_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info->scale_num = 1;
    info->scale_denom = scale_denominator;
    jpeg_calc_output_dimensions(info);
    size_t stride = (size_t)info->output_width * 4;
    if (info->output_components != 4 || info->output_height == 0 || stride > capacity / info->output_height) {
        snprintf(decoder->errors.message, sizeof decoder->errors.message, "the output does not fit (%ux%u)",
                 info->output_width, info->output_height);
        return -1;
    }
    jpeg_start_decompress(info);
    while (info->output_scanline < info->output_height) {
        JSAMPROW rows[16];
        JDIMENSION count = info->output_height - info->output_scanline;
        if (count > 16) count = 16;
        for (JDIMENSION row = 0; row < count; row++) rows[row] = pixels + (size_t)(info->output_scanline + row) * stride;
        jpeg_read_scanlines(info, rows, count);
    }
    jpeg_finish_decompress(info);
    *width = (int)info->output_width;
    *height = (int)info->output_height;
    return 0;
}

const char *cjpeg_decoder_message(const CJPEGDecoder *decoder) { return decoder->errors.message; }

void cjpeg_decoder_destroy(CJPEGDecoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

/// The encoder's state, kept off the stack frame that setjmp saves so it survives a longjmp.
typedef struct {
    struct jpeg_compress_struct info;
    RecoveringErrors errors;
    unsigned char *output;
    unsigned long output_size;
    jpeg_scan_info *scans;
} Compression;

/// A scan script with a scan for every AC coefficient and bit of every component (after its DC scan).
static int script_every_bit(Compression *compression) {
    struct jpeg_compress_struct *info = &compression->info;
    int count = info->num_components * (1 + 63 * 3);
    compression->scans = calloc((size_t)count, sizeof *compression->scans);
    if (compression->scans == NULL) return -1;
    jpeg_scan_info *scan = compression->scans;
    for (int component = 0; component < info->num_components; component++) {
        *scan++ = (jpeg_scan_info){ .comps_in_scan = 1, .component_index = { component }, .Ss = 0, .Se = 0, .Ah = 0, .Al = 0 };
        for (int coefficient = 1; coefficient < 64; coefficient++) {
            for (int bit = 2; bit >= 0; bit--) {
                *scan++ = (jpeg_scan_info){ .comps_in_scan = 1, .component_index = { component }, .Ss = coefficient,
                                            .Se = coefficient, .Ah = bit == 2 ? 0 : bit + 1, .Al = bit };
            }
        }
    }
    info->scan_info = compression->scans;
    info->num_scans = count;
    return 0;
}

static int compress_samples(Compression *compression, const uint8_t *samples, int width, int height, int color_space,
                    int quality, int progression) {
    struct jpeg_compress_struct *info = &compression->info;
    if (setjmp(compression->errors.jump)) return -1;
    jpeg_create_compress(info);
    jpeg_mem_dest(info, &compression->output, &compression->output_size);
    info->image_width = (JDIMENSION)width;
    info->image_height = (JDIMENSION)height;
    info->input_components = 4;
    info->in_color_space = color_space == CJPEG_WRITE_YCCK_FROM_CMYK ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_set_defaults(info);
    if (color_space == CJPEG_WRITE_YCCK_FROM_CMYK) jpeg_set_colorspace(info, JCS_YCCK);
    if (color_space == CJPEG_WRITE_GRAYSCALE) jpeg_set_colorspace(info, JCS_GRAYSCALE);
    if (color_space == CJPEG_WRITE_RGB) jpeg_set_colorspace(info, JCS_RGB);
    jpeg_set_quality(info, quality, TRUE);
    for (int component = 0; component < info->num_components; component++) {
        info->comp_info[component].h_samp_factor = 1;
        info->comp_info[component].v_samp_factor = 1;
    }
    if (progression == CJPEG_PROGRESSIVE) jpeg_simple_progression(info);
    if (progression == CJPEG_PROGRESSIVE_EVERY_BIT && script_every_bit(compression) != 0) {
        snprintf(compression->errors.message, sizeof compression->errors.message, "out of memory");
        return -1;
    }
    jpeg_start_compress(info, TRUE);
    size_t stride = (size_t)width * 4;
    while (info->next_scanline < info->image_height) {
        JSAMPROW row = (JSAMPROW)(samples + (size_t)info->next_scanline * stride);
        jpeg_write_scanlines(info, &row, 1);
    }
    jpeg_finish_compress(info);
    return 0;
}

int cjpeg_encode(const uint8_t *samples, int width, int height, int color_space, int quality, int progression,
                 uint8_t **output, size_t *output_size, char *message) {
    *output = NULL;
    *output_size = 0;
    message[0] = '\0';
    if (width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        snprintf(message, CJPEG_MESSAGE_CAPACITY, "cannot encode a %dx%d image", width, height);
        return -1;
    }
    Compression *compression = calloc(1, sizeof *compression);
    if (compression == NULL) {
        snprintf(message, CJPEG_MESSAGE_CAPACITY, "out of memory");
        return -1;
    }
    install_errors(&compression->errors);
    compression->info.err = &compression->errors.base;
    int status = compress_samples(compression, samples, width, height, color_space, quality, progression);
    jpeg_destroy_compress(&compression->info);
    if (status == 0) {
        *output = compression->output;
        *output_size = compression->output_size;
    } else {
        // The partial buffer is not released: jpeg_mem_dest may already have replaced (and freed) the
        // one `output` points to. Encoding valid samples does not fail; this path only keeps the message.
        memcpy(message, compression->errors.message, CJPEG_MESSAGE_CAPACITY);
    }
    free(compression->scans);
    free(compression);
    return status;
}

void cjpeg_free(void *pointer) { free(pointer); }
