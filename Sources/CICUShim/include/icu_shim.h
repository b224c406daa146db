// A plain-C surface over the system ICU.
//
// Only <stdint.h> types appear here. ICU's own headers are included by icu_shim.c alone:
// Swift cannot follow ICU's version-suffix renaming macros (unorm2_normalize -> unorm2_normalize_72),
// and a Swift module that sees <unicode/*.h> beside Foundation fails to compile on Linux because
// Foundation carries its own ICU with a conflicting UErrorCode. Strings are UTF-16 (uint16_t).
//
// Every function reports failure through `status`: 0 on success (ICU warnings are cleared), otherwise
// the ICU UErrorCode value; vocab_icu_error_name() turns it into ICU's name for messages.
#ifndef VOCAB_ICU_SHIM_H
#define VOCAB_ICU_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's U_BUFFER_OVERFLOW_ERROR: the destination was too small; the return value is the length needed.
#define VOCAB_ICU_BUFFER_OVERFLOW 15

/// ICU's name for an error code, e.g. "U_INVALID_ID".
const char *vocab_icu_error_name(int32_t status);

/// The ICU version string, e.g. "72.1".
void vocab_icu_version(char *dest, int32_t capacity);

// MARK: Case mapping and normalization

/// Lowercases with the rules of `locale` ("tr": I -> ı, İ -> i; "lt": keeps the dot over accented i).
int32_t vocab_icu_to_lower(const uint16_t *src, int32_t length, const char *locale,
                           uint16_t *dest, int32_t capacity, int32_t *status);

/// Normalization forms for vocab_icu_normalize.
enum {
    VOCAB_ICU_NFC = 0,
    VOCAB_ICU_NFKC_CASEFOLD = 1,
    VOCAB_ICU_NFD = 2,
};

/// Normalizes `src` to the given form (one of the VOCAB_ICU_* constants above).
int32_t vocab_icu_normalize(int32_t form, const uint16_t *src, int32_t length,
                            uint16_t *dest, int32_t capacity, int32_t *status);

/// Whether `src` holds a code point of a script other than Latin, Common, Inherited or Unknown: text that
/// Any-Latin would change. Returns 1 or 0.
int32_t vocab_icu_has_other_script(const uint16_t *src, int32_t length);

// MARK: Transliteration

/// Opens a transliterator from an ID ("[:^ASCII:] Any-Latin; Latin-ASCII") when `rules` is NULL, or
/// compiles custom transform rules under the name `id`. On a rule syntax error, `errorLine` and
/// `errorOffset` locate it. Returns NULL on failure. Close with vocab_icu_transliterator_close.
void *vocab_icu_transliterator_open(const uint16_t *id, int32_t idLength,
                                    const uint16_t *rules, int32_t rulesLength,
                                    int32_t *errorLine, int32_t *errorOffset, int32_t *status);

void vocab_icu_transliterator_close(void *transliterator);

/// Transliterates `length` units of `text` in place (capacity `capacity`) and returns the new length.
/// On VOCAB_ICU_BUFFER_OVERFLOW the contents of `text` are unspecified: retry from the original.
int32_t vocab_icu_transliterate(const void *transliterator, uint16_t *text, int32_t length,
                                int32_t capacity, int32_t *status);

// MARK: Word breaks

/// Opens a word break iterator for `locale`, used as a template: it is never given text itself.
void *vocab_icu_word_breaker_open(const char *locale, int32_t *status);

void vocab_icu_word_breaker_close(void *breaker);

/// Finds the word segments of `text` (segments whose rule status is not "none", i.e. letters,
/// numbers, kana, ideographs) with a private clone of `breaker`, so concurrent calls are safe.
/// Writes up to `capacity` [start, end) UTF-16 offsets and returns how many segments there are,
/// which may exceed `capacity` (then call again with more room).
int32_t vocab_icu_word_segments(const void *breaker, const uint16_t *text, int32_t length,
                                int32_t *starts, int32_t *ends, int32_t capacity, int32_t *status);

// MARK: Rule-based number spellout

/// Opens a spellout formatter (UNUM_SPELLOUT) for `locale`. ICU reports a fallback to the root
/// rules as a warning, not a failure; `usedFallback` is set to 1 then.
void *vocab_icu_spellout_open(const char *locale, int32_t *usedFallback, int32_t *status);

void vocab_icu_spellout_close(void *formatter);

/// Spells out `value` ("deux" for 2 in fr). Not safe to call concurrently on one formatter.
int32_t vocab_icu_spellout_format(void *formatter, int64_t value, uint16_t *dest, int32_t capacity,
                                  int32_t *status);

// MARK: Language tags

/// Parses `tag` as a BCP 47 language tag, strictly: returns -1 when ICU could not consume the whole
/// input (so "xx-garbage!!" is rejected rather than read as "xx"). Otherwise writes the canonical
/// tag (deprecated codes replaced: "iw" -> "he") into `dest` and returns its length.
int32_t vocab_icu_canonical_language_tag(const char *tag, char *dest, int32_t capacity, int32_t *status);

/// Adds likely subtags to a canonical tag ("fr" -> "fr-Latn-FR") and writes the result as a tag.
int32_t vocab_icu_likely_language_tag(const char *tag, char *dest, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
