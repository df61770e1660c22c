#ifndef MUSH_PNG_H
#define MUSH_PNG_H

#include <stddef.h>

/// How hard the PNG encoder works: filter choice and zlib level and strategy.
typedef enum {
    /// Paeth-filtered rows, zlib level 1 with run-length matches only: about 3× as fast as the
    /// default for pictures of flat colours, text and photos, about 8% larger.
    MUSH_PNG_FAST = 0,
    /// libpng's and Cairo's defaults: each row's filter chosen adaptively, zlib level 6.
    MUSH_PNG_STANDARD = 1,
    /// Adaptive filters, zlib level 9: the smallest file libpng writes, the slowest.
    MUSH_PNG_SMALLEST = 2,
} mush_png_compression;

/// Receives the encoded bytes in order; returns 0 to go on, anything else to stop.
typedef int (*mush_png_write_fn)(void *context, const unsigned char *data, size_t length);

/// Encodes a Cairo image surface's pixels (native-endian 32-bit words, `stride` bytes a row) as an
/// 8-bit PNG, as Cairo's own writer does: with `has_alpha`, premultiplied ARGB written as RGBA with
/// the colours divided by the alpha, or as RGB when every pixel is opaque; without, xRGB written as
/// RGB. libpng's errors, which it reports
/// by a long jump, are caught here. Returns 0 when the whole file was written, 1 when libpng failed,
/// 2 when `write` asked to stop, 3 when memory ran out.
int mush_png_encode(const unsigned char *pixels, int width, int height, int stride, int has_alpha,
                    mush_png_compression compression, mush_png_write_fn write, void *context);

/// Whether every pixel of a Cairo ARGB32 image (`stride` bytes a row) is opaque.
int mush_argb_opaque(const unsigned char *pixels, int width, int height, int stride);

/// A Cairo ARGB32 image as 8-bit RGBA rows, `width` × 4 bytes each, into `to`: the colours divided
/// by the alpha and rounded as Cairo's PNG writer does (the PNG writer's own conversion).
void mush_argb_rows_to_rgba(const unsigned char *pixels, int width, int height, int stride, unsigned char *to);

/// Inflates the zlib stream `in` (`length` bytes, a PDF's /FlateDecode) into a buffer `*out` that
/// the caller frees. Returns the inflated length, or -1 when the stream is damaged, cut short, or
/// would inflate past `limit` bytes (then nothing is left to free).
long mush_zlib_inflate(const unsigned char *in, size_t length, size_t limit, unsigned char **out);

/// Deflates `in` (`length` bytes) as a zlib stream at level 6 into a buffer `*out` that the caller
/// frees. Returns the deflated length, or -1 when memory ran out.
long mush_zlib_deflate(const unsigned char *in, size_t length, unsigned char **out);

#endif
