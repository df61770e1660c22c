// Case mapping through ICU's C++ CaseMap, the only API that reports which piece of the text became
// which (icu::Edits): a transformed paragraph maps its offsets back to the source with it.
#include "mush_icu.h"
#include <unicode/casemap.h>
#include <unicode/edits.h>
#include <unicode/stringoptions.h>

int32_t mush_case_map(mush_case_kind kind, const char *locale, const uint16_t *text, int32_t length,
                      uint16_t *out, int32_t capacity, int32_t *edits, int32_t edit_capacity,
                      int32_t *edit_count, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Edits changes;
    const char16_t *source = reinterpret_cast<const char16_t *>(text);
    char16_t *destination = reinterpret_cast<char16_t *>(out);
    const char *name = locale ? locale : "";
    int32_t written = 0;
    switch (kind) {
    case MUSH_CASE_UPPER:
        written = icu::CaseMap::toUpper(name, 0, source, length, destination, capacity, &changes, status);
        break;
    case MUSH_CASE_LOWER:
        written = icu::CaseMap::toLower(name, 0, source, length, destination, capacity, &changes, status);
        break;
    case MUSH_CASE_CAPITALIZE:
        // Word starts by the locale's word break iterator; the first cased letter, number or
        // symbol of each word (ICU's default adjustment) titlecased, the rest kept.
        written = icu::CaseMap::toTitle(name, U_TITLECASE_NO_LOWERCASE, nullptr, source, length, destination,
                                        capacity, &changes, status);
        break;
    }
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        *edit_count = 0;
        return written;
    }
    if (U_FAILURE(status)) {
        if (error) *error = status;
        return -1;
    }
    icu::Edits::Iterator iterator = changes.getFineIterator();
    int32_t count = 0;
    while (iterator.next(status)) {
        if (3 * count + 3 <= edit_capacity) {
            edits[3 * count] = iterator.hasChange() ? 1 : 0;
            edits[3 * count + 1] = iterator.oldLength();
            edits[3 * count + 2] = iterator.newLength();
        }
        count += 1;
    }
    if (U_FAILURE(status)) {
        if (error) *error = status;
        return -1;
    }
    *edit_count = count;
    return written;
}
