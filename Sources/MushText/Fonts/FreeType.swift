import CFreeType

// The one file of MushText that touches FreeType (the renderer opens its own faces for Cairo).

/// Reading a face's names and style with FreeType: a library per call, so nothing is shared
/// between threads.
enum FreeTypeFace {
    /// What FreeType says of a face.
    struct Names {
        var family = ""
        var style = ""
        var isBold = false
        var isItalic = false
        var isMonospace = false
    }

    struct Failure: Error {
        var reason: String
    }

    /// The names of face `index` of a font file's `bytes`; an error when FreeType cannot read it.
    static func describe(_ bytes: UnsafeRawBufferPointer, index: Int) throws(Failure) -> Names {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw Failure(reason: "FreeType failed to start") }
        defer { FT_Done_FreeType(library) }
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw Failure(reason: "empty file")
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, start, bytes.count, index, &face)
        guard error == 0, let face else { throw Failure(reason: "FreeType error \(error)") }
        defer { FT_Done_Face(face) }
        let record = face.pointee
        return Names(
            family: record.family_name.map { String(cString: $0) } ?? "",
            style: record.style_name.map { String(cString: $0) } ?? "",
            isBold: record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0,
            isItalic: record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0,
            isMonospace: record.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0)
    }
}
