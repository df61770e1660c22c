#include "mush_icu.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <stdlib.h>

struct mush_break_iterator {
    UBreakIterator *iterator;
    mush_break_kind kind;
    int reusable;   /* opened for the root locale: goes back to this thread's cache when closed */
};

/* Opening an ICU break iterator costs more than using it (rule data, locale lookup), so each thread
 * keeps one root-locale iterator of each kind and gives it new text. The cache is the value of a
 * thread key whose destructor closes the iterators when the thread ends: threads made for one deep
 * tree (the large-stack threads) would otherwise leave theirs behind, a few kilobytes each. */
typedef struct {
    mush_break_iterator *slot[3];
} mush_break_cache;

static atomic_llong open_count;

int64_t mush_break_open_count(void) { return atomic_load(&open_count); }

static void iterator_free(mush_break_iterator *iterator) {
    ubrk_close(iterator->iterator);
    free(iterator);
    atomic_fetch_sub(&open_count, 1);
}

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static int cache_key_made;

static void cache_free(void *value) {
    mush_break_cache *cache = value;
    for (int kind = 0; kind < 3; kind++) {
        if (cache->slot[kind]) iterator_free(cache->slot[kind]);
    }
    free(cache);
}

static void cache_key_make(void) { cache_key_made = pthread_key_create(&cache_key, cache_free) == 0; }

/* This thread's cache; made (when `create`) the first time it is needed. NULL when there is none. */
static mush_break_cache *thread_cache(int create) {
    pthread_once(&cache_once, cache_key_make);
    if (!cache_key_made) return NULL;
    mush_break_cache *cache = pthread_getspecific(cache_key);
    if (!cache && create) {
        cache = calloc(1, sizeof *cache);
        if (cache && pthread_setspecific(cache_key, cache) != 0) {
            free(cache);
            cache = NULL;
        }
    }
    return cache;
}

mush_break_iterator *mush_break_open(mush_break_kind kind, const char *locale, const uint16_t *text,
                                     int32_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int root = !locale || !*locale;
    mush_break_cache *cache = root ? thread_cache(0) : NULL;
    if (cache && cache->slot[kind]) {
        mush_break_iterator *reused = cache->slot[kind];
        cache->slot[kind] = NULL;
        ubrk_setText(reused->iterator, (const UChar *)text, length, &status);
        if (error) *error = status;
        if (U_SUCCESS(status)) return reused;
        iterator_free(reused);
        status = U_ZERO_ERROR;
    }
    UBreakIteratorType type = kind == MUSH_BREAK_CHARACTER ? UBRK_CHARACTER
                            : kind == MUSH_BREAK_WORD ? UBRK_WORD : UBRK_LINE;
    UBreakIterator *iterator = ubrk_open(type, root ? "" : locale, (const UChar *)text, length, &status);
    if (error) *error = status;
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    mush_break_iterator *result = malloc(sizeof *result);
    if (!result) {
        ubrk_close(iterator);
        if (error) *error = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    result->kind = kind;
    result->reusable = root;
    atomic_fetch_add(&open_count, 1);
    return result;
}

int32_t mush_break_ready(mush_break_kind kind) {
    mush_break_cache *cache = thread_cache(0);
    if (cache && cache->slot[kind]) return U_ZERO_ERROR;
    int32_t error = U_ZERO_ERROR;
    static const uint16_t empty[1] = {0};
    mush_break_iterator *iterator = mush_break_open(kind, NULL, empty, 0, &error);
    if (!iterator) return error ? error : U_MEMORY_ALLOCATION_ERROR;
    mush_break_close(iterator);
    return U_ZERO_ERROR;
}

int32_t mush_break_following(mush_break_iterator *iterator, int32_t offset) {
    return ubrk_following(iterator->iterator, offset);
}

int32_t mush_break_next(mush_break_iterator *iterator) {
    return ubrk_next(iterator->iterator);
}

void mush_break_close(mush_break_iterator *iterator) {
    mush_break_cache *cache = iterator->reusable ? thread_cache(1) : NULL;
    if (cache && !cache->slot[iterator->kind]) {
        cache->slot[iterator->kind] = iterator;
        return;
    }
    iterator_free(iterator);
}

int32_t mush_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                         uint8_t *levels, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_SUCCESS(status)) ubidi_setPara(bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status)) {
            for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
            result = ubidi_getParaLevel(bidi);
        }
    }
    if (bidi) ubidi_close(bidi);
    if (error) *error = status;
    return result;
}

void mush_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual) {
    ubidi_reorderVisual(levels, count, visual);
}

int32_t mush_script(uint32_t code_point) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &status);
    return U_SUCCESS(status) ? (int32_t)script : (int32_t)USCRIPT_COMMON;
}

int32_t mush_scalars_are_graphemes(const uint16_t *text, int32_t length) {
    int32_t offset = 0;
    while (offset < length) {
        UChar32 c;
        U16_NEXT(text, offset, length, c);
        switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
        case U_GCB_OTHER:
        case U_GCB_CONTROL:
        case U_GCB_CR:
        case U_GCB_LF:
        case U_GCB_LV:
        case U_GCB_LVT:
            break;
        default:
            return 0;
        }
    }
    return 1;
}

int32_t mush_script_tag(int32_t code, char *buffer, int32_t capacity) {
    const char *name = uscript_getShortName((UScriptCode)code);
    if (!name) return 0;
    int32_t length = (int32_t)strlen(name);
    if (length + 1 > capacity) return 0;
    memcpy(buffer, name, (size_t)length + 1);
    return length;
}
