// librsvg is opened when the first SVG image is decoded (dlopen), not linked: it brings some thirty
// libraries (GLib, GIO, Pango, GdkPixbuf, libxml2, X11's) whose loading cost every process of the
// command about 3.5 ms at start, SVG or not. So this header declares only what MushRender calls,
// from librsvg's and GLib's stable C API (librsvg 2.46 and later), without their headers.
#ifndef MUSH_RSVG_SHIM_H
#define MUSH_RSVG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// librsvg's handle (`RsvgHandle`, a GObject), never looked into.
typedef struct MushRsvgHandle MushRsvgHandle;

/// GLib's `GError`.
typedef struct MushGError {
    uint32_t domain;
    int32_t code;
    char *message;
} MushGError;

/// librsvg's `RsvgRectangle`.
typedef struct MushRsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} MushRsvgRectangle;

/// `rsvg_handle_new_from_data`
typedef MushRsvgHandle *(*MushRsvgNewFromData)(const uint8_t *data, size_t length, MushGError **error);
/// `rsvg_handle_render_document` (its context is a `cairo_t *`)
typedef int (*MushRsvgRenderDocument)(MushRsvgHandle *handle, void *cairo, const MushRsvgRectangle *viewport,
                                      MushGError **error);
/// `g_object_unref`
typedef void (*MushGObjectUnref)(void *object);
/// `g_error_free`
typedef void (*MushGErrorFree)(MushGError *error);

#endif
