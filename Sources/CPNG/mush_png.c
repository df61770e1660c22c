#include "mush_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    mush_png_write_fn write;
    void *context;
    int stopped;
} sink;

static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    sink *to = png_get_io_ptr(png);
    if (to->stopped) return;
    if (to->write(to->context, data, length) != 0) {
        to->stopped = 1;
        png_error(png, "the writer stopped");
    }
}

static void flush_nothing(png_structp png) { (void)png; }

/// One row of Cairo's pixels as PNG bytes, as Cairo's writer converts them: RGBA with the colours
/// divided by the alpha, or RGB.
static void convert_row(const uint32_t *from, unsigned char *to, int width, int has_alpha) {
    if (!has_alpha) {
        for (int x = 0; x < width; x++) {
            uint32_t pixel = from[x];
            to[3 * x] = pixel >> 16;
            to[3 * x + 1] = pixel >> 8;
            to[3 * x + 2] = pixel;
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t pixel = from[x];
        uint8_t alpha = pixel >> 24;
        unsigned char *out = to + 4 * x;
        if (alpha == 0xff) {
            out[0] = pixel >> 16;
            out[1] = pixel >> 8;
            out[2] = pixel;
            out[3] = 0xff;
        } else if (alpha == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else {
            out[0] = (((pixel & 0xff0000) >> 16) * 255 + alpha / 2) / alpha;
            out[1] = (((pixel & 0x00ff00) >> 8) * 255 + alpha / 2) / alpha;
            out[2] = (((pixel & 0x0000ff) >> 0) * 255 + alpha / 2) / alpha;
            out[3] = alpha;
        }
    }
}

void mush_argb_rows_to_rgba(const unsigned char *pixels, int width, int height, int stride, unsigned char *to) {
    for (int y = 0; y < height; y++) {
        convert_row((const uint32_t *)(pixels + (size_t)y * stride), to + (size_t)y * width * 4, width, 1);
    }
}

int mush_argb_opaque(const unsigned char *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xff) return 0;
        }
    }
    return 1;
}

int mush_png_encode(const unsigned char *pixels, int width, int height, int stride, int has_alpha,
                    mush_png_compression compression, mush_png_write_fn write, void *context) {
    if (has_alpha && mush_argb_opaque(pixels, width, height, stride)) has_alpha = 0;
    sink to = {write, context, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return 3;
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile row = malloc((size_t)width * (has_alpha ? 4 : 3) + 1);
    if (!info || !row) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        return 3;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return to.stopped ? 2 : 1;
    }
    png_set_write_fn(png, &to, write_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    switch (compression) {
    case MUSH_PNG_FAST:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_PAETH);
        png_set_compression_level(png, 1);
        png_set_compression_strategy(png, Z_RLE);
        break;
    case MUSH_PNG_STANDARD:
        break;
    case MUSH_PNG_SMALLEST:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
        png_set_compression_level(png, 9);
        break;
    }
    // A white background for viewers that show no transparency, as Cairo's writer sets.
    png_color_16 white = {0, 255, 255, 255, 255};
    png_set_bKGD(png, info, &white);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        convert_row((const uint32_t *)(pixels + (size_t)y * stride), row, width, has_alpha);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

long mush_zlib_inflate(const unsigned char *in, size_t length, size_t limit, unsigned char **out) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    size_t capacity = length * 4 + 1024;
    if (capacity > limit) capacity = limit;
    unsigned char *buffer = malloc(capacity > 0 ? capacity : 1);
    if (!buffer) {
        inflateEnd(&stream);
        return -1;
    }
    stream.next_in = (unsigned char *)in;
    stream.avail_in = (uInt)length;
    size_t used = 0;
    for (;;) {
        if (used == capacity) {
            if (capacity >= limit) break;
            size_t larger = capacity * 2 > limit ? limit : capacity * 2;
            unsigned char *grown = realloc(buffer, larger);
            if (!grown) break;
            buffer = grown;
            capacity = larger;
        }
        stream.next_out = buffer + used;
        stream.avail_out = (uInt)(capacity - used);
        int status = inflate(&stream, Z_NO_FLUSH);
        used = capacity - stream.avail_out;
        if (status == Z_STREAM_END) {
            inflateEnd(&stream);
            *out = buffer;
            return (long)used;
        }
        if (status != Z_OK && status != Z_BUF_ERROR) break;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) break;
    }
    inflateEnd(&stream);
    free(buffer);
    return -1;
}

long mush_zlib_deflate(const unsigned char *in, size_t length, unsigned char **out) {
    uLong capacity = compressBound((uLong)length);
    unsigned char *buffer = malloc(capacity);
    if (!buffer) return -1;
    if (compress2(buffer, &capacity, in, (uLong)length, 6) != Z_OK) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    return (long)capacity;
}
