import CRsvg

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// librsvg, opened when the first SVG image is decoded rather than linked: it brings some thirty
/// libraries whose loading every process paid at start (about 3.5 ms), SVG or not. The four
/// functions MushRender calls, found once; nil where the library cannot be opened (not installed),
/// when SVG images are reported as not drawn (``RenderWarning/Problem/svgNeedsLibrary``).
struct Rsvg: @unchecked Sendable {
    // (C function pointers, called from any thread: librsvg's handles are used by one thread at a
    // time, and these functions keep no state of their own.)
    let newFromData: MushRsvgNewFromData
    let renderDocument: MushRsvgRenderDocument
    let unref: MushGObjectUnref
    let freeError: MushGErrorFree

    #if canImport(Darwin)
        static let file = "librsvg-2.2.dylib"
    #else
        static let file = "librsvg-2.so.2"
    #endif

    /// The library, opened at first use; never closed.
    static let library: Rsvg? = {
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { return nil }
        // GLib's functions are found through librsvg's handle: it depends on GLib.
        func function<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newFromData = function("rsvg_handle_new_from_data", MushRsvgNewFromData.self),
            let renderDocument = function("rsvg_handle_render_document", MushRsvgRenderDocument.self),
            let unref = function("g_object_unref", MushGObjectUnref.self),
            let freeError = function("g_error_free", MushGErrorFree.self)
        else {
            dlclose(handle)
            return nil
        }
        return Rsvg(newFromData: newFromData, renderDocument: renderDocument, unref: unref, freeError: freeError)
    }()
}
