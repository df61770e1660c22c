// A small shim over ICU4C. ICU renames every symbol with its version (ubrk_open becomes
// ubrk_open_72) through macros, which Swift cannot import; these plain functions call through.
#ifndef MUSH_ICU_H
#define MUSH_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mush_break_iterator mush_break_iterator;

/// Kinds of break iterator.
typedef enum {
    MUSH_BREAK_LINE = 0,
    MUSH_BREAK_CHARACTER = 1,
    MUSH_BREAK_WORD = 2
} mush_break_kind;

/// Opens a break iterator of `kind` for `locale` (NULL or "" for the root locale) over `text`
/// (UTF-16, `length` code units; the text must outlive the iterator). NULL on failure, with the ICU
/// error code in `*error` (when not NULL). Root-locale iterators are reused within a thread: close
/// one before opening another of the same kind to benefit.
mush_break_iterator *mush_break_open(mush_break_kind kind, const char *locale, const uint16_t *text,
                                     int32_t length, int32_t *error);
/// The first boundary after `offset`, or -1 when there is none.
int32_t mush_break_following(mush_break_iterator *iterator, int32_t offset);
/// The next boundary, or -1 (UBRK_DONE).
int32_t mush_break_next(mush_break_iterator *iterator);
void mush_break_close(mush_break_iterator *iterator);
/// Whether a root-locale iterator of `kind` can be opened: 0 (U_ZERO_ERROR) when this thread keeps
/// one (opened now if it did not), else ICU's error code. Asks ICU nothing once the thread has one.
int32_t mush_break_ready(mush_break_kind kind);

/* How many break iterators are open now, those threads keep for reuse included (for tests: a
 * thread's cache goes when the thread ends). */
int64_t mush_break_open_count(void);

/// Bidi: the resolved embedding level of each UTF-16 unit of `text` with the paragraph direction
/// `paragraph_level` (0 LTR, 1 RTL, 0xFE "default LTR" from the first strong character). Writes
/// `length` levels into `levels` and returns the paragraph's level, or -1 on failure.
int32_t mush_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                         uint8_t *levels, int32_t *error);

/// The visual order of runs with the given levels (ubidi_reorderVisual): `visual[i]` is the logical
/// index of the run shown at position i.
void mush_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual);

/// The Unicode script code (UScriptCode) of a code point: 0 Common, 1 Inherited, then the scripts.
int32_t mush_script(uint32_t code_point);

/// 1 when every scalar of the UTF-16 `text` is a grapheme cluster of its own but for CR LF: each has
/// the Grapheme_Cluster_Break value Other, Control, CR, LF, LV or LVT, and no rule of UAX #29 joins
/// such scalars but CR × LF (the Hangul rules that join LV and LVT need L, V or T jamo; all other
/// joins need Extend, ZWJ, SpacingMark, Prepend or Regional_Indicator). 0 otherwise.
int32_t mush_scalars_are_graphemes(const uint16_t *text, int32_t length);

/// Writes the ISO 15924 tag of a UScriptCode ("Latn", "Arab") into `buffer` (NUL-terminated) and
/// returns its length, or 0 when the code has no tag or the buffer is too small.
int32_t mush_script_tag(int32_t code, char *buffer, int32_t capacity);

/// Case mappings (CSS's `text-transform`).
typedef enum {
    MUSH_CASE_UPPER = 0,
    MUSH_CASE_LOWER = 1,
    /// The first letter of each word titlecased, the rest left as they are (CSS's `capitalize`).
    MUSH_CASE_CAPITALIZE = 2
} mush_case_kind;

/// Maps the case of `text` (UTF-16, `length` units) by the rules of `locale` (NULL or "" for the
/// root locale: Turkish and Azeri dotted i, Lithuanian dots, Greek accents and Dutch IJ are the
/// locales' own), through ICU's CaseMap. Writes the mapped text into `out` (`capacity` units) and
/// what became of each piece of the text into `edits`: for each of ICU's fine edits in order, three
/// numbers (1 when it changed the text, else 0; its length in `text`; its length in `out`), at most
/// `edit_capacity` numbers. Returns the mapped text's length and sets `*edit_count` to the edits'
/// count: when either is more than its buffer holds, nothing useful was written and the call is to
/// be made again with room for them. -1 when ICU fails, with its error code in `*error`.
int32_t mush_case_map(mush_case_kind kind, const char *locale, const uint16_t *text, int32_t length,
                      uint16_t *out, int32_t capacity, int32_t *edits, int32_t edit_capacity,
                      int32_t *edit_count, int32_t *error);

#ifdef __cplusplus
}
#endif

#endif
