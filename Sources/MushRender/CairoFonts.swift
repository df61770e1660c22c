import CCairo
import MushText

/// Cairo font faces for the engine's FreeType faces, made once per process and kept: each is
/// opened by FreeType from the face's own file and index, so Cairo draws exactly the glyphs
/// HarfBuzz shaped, and asks FreeType for no other font.
///
/// Cairo locks a FreeType face while it uses it, so one Cairo face serves renderings on many
/// threads. The faces live as long as the process: a collection has a handful of faces, and Cairo
/// keeps faces in its own caches after they are released, which makes freeing them early unsafe.
enum CairoFonts {
    private struct Key: Hashable {
        var path: String
        var index: Int
        var syntheticBold: Bool
        var syntheticOblique: Bool
    }

    /// The FreeType library and the Cairo faces made so far (pointers shared between threads as
    /// Cairo allows; the lock guards the dictionary).
    private struct State: @unchecked Sendable {
        var library: FT_Library?
        var faces: [Key: OpaquePointer] = [:]
    }

    private static let state = LockedValue(State())

    /// The Cairo face drawing `face` with the given synthetic styles; nil when FreeType cannot open
    /// the file (it could when the face was loaded, so only if the file went away since; it is
    /// tried again next time). A face Cairo has put in an error state is replaced.
    static func face(_ face: FontFace, syntheticBold: Bool, syntheticOblique: Bool) -> OpaquePointer? {
        let key = Key(path: face.path, index: face.index, syntheticBold: syntheticBold, syntheticOblique: syntheticOblique)
        return state.withLock { state in
            if let known = state.faces[key] {
                if cairo_font_face_status(known) == CAIRO_STATUS_SUCCESS { return known }
                cairo_font_face_destroy(known)
                state.faces[key] = nil
            }
            if state.library == nil {
                var library: FT_Library?
                guard FT_Init_FreeType(&library) == 0 else { return nil }
                state.library = library
            }
            var ftFace: FT_Face?
            guard FT_New_Face(state.library, face.path, face.index, &ftFace) == 0, let ftFace else { return nil }
            let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0)
            var synthesize: UInt32 = 0
            if syntheticBold { synthesize |= CAIRO_FT_SYNTHESIZE_BOLD.rawValue }
            if syntheticOblique { synthesize |= CAIRO_FT_SYNTHESIZE_OBLIQUE.rawValue }
            if synthesize != 0 { cairo_ft_font_face_set_synthesize(cairoFace, synthesize) }
            state.faces[key] = cairoFace
            return cairoFace
        }
    }
}
