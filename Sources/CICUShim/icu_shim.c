// The one file that includes ICU's headers. See include/icu_shim.h for why.
#include "icu_shim.h"

#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>
#include <unicode/uversion.h>

/// Clears warnings (ICU's negative codes) so callers only ever see 0 or a real failure.
static int32_t report(UErrorCode code) { return U_FAILURE(code) ? (int32_t)code : 0; }

const char *vocab_icu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

void vocab_icu_version(char *dest, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    if (capacity > 0) {
        strncpy(dest, text, (size_t)capacity - 1);
        dest[capacity - 1] = 0;
    }
}

int32_t vocab_icu_to_lower(const uint16_t *src, int32_t length, const char *locale,
                           uint16_t *dest, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t result = u_strToLower((UChar *)dest, capacity, (const UChar *)src, length, locale, &code);
    *status = report(code);
    return result;
}

int32_t vocab_icu_normalize(int32_t form, const uint16_t *src, int32_t length,
                            uint16_t *dest, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = NULL;
    switch (form) {
    case VOCAB_ICU_NFC: normalizer = unorm2_getNFCInstance(&code); break;
    case VOCAB_ICU_NFKC_CASEFOLD: normalizer = unorm2_getNFKCCasefoldInstance(&code); break;
    case VOCAB_ICU_NFD: normalizer = unorm2_getNFDInstance(&code); break;
    default: code = U_ILLEGAL_ARGUMENT_ERROR; break;
    }
    if (U_FAILURE(code)) {
        *status = report(code);
        return 0;
    }
    int32_t result = unorm2_normalize(normalizer, (const UChar *)src, length, (UChar *)dest, capacity, &code);
    *status = report(code);
    return result;
}

int32_t vocab_icu_has_other_script(const uint16_t *src, int32_t length) {
    int32_t index = 0;
    while (index < length) {
        UChar32 c;
        U16_NEXT(src, index, length, c);
        if (c < 0x80) continue;
        UErrorCode code = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &code);
        if (U_SUCCESS(code) && script != USCRIPT_LATIN && script != USCRIPT_COMMON && script != USCRIPT_INHERITED
            && script != USCRIPT_UNKNOWN) {
            return 1;
        }
    }
    return 0;
}

void *vocab_icu_transliterator_open(const uint16_t *id, int32_t idLength,
                                    const uint16_t *rules, int32_t rulesLength,
                                    int32_t *errorLine, int32_t *errorOffset, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UParseError parseError;
    memset(&parseError, 0, sizeof parseError);
    UTransliterator *transliterator = utrans_openU((const UChar *)id, idLength, UTRANS_FORWARD,
                                                   (const UChar *)rules, rulesLength, &parseError, &code);
    *errorLine = parseError.line;
    *errorOffset = parseError.offset;
    *status = report(code);
    if (U_FAILURE(code)) {
        if (transliterator) utrans_close(transliterator);
        return NULL;
    }
    return transliterator;
}

void vocab_icu_transliterator_close(void *transliterator) {
    if (transliterator) utrans_close((UTransliterator *)transliterator);
}

int32_t vocab_icu_transliterate(const void *transliterator, uint16_t *text, int32_t length,
                                int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t textLength = length;
    int32_t limit = length;
    utrans_transUChars((const UTransliterator *)transliterator, (UChar *)text, &textLength, capacity, 0,
                       &limit, &code);
    *status = report(code);
    return textLength;
}

void *vocab_icu_word_breaker_open(const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *breaker = ubrk_open(UBRK_WORD, locale, NULL, 0, &code);
    *status = report(code);
    if (U_FAILURE(code)) {
        if (breaker) ubrk_close(breaker);
        return NULL;
    }
    return breaker;
}

void vocab_icu_word_breaker_close(void *breaker) {
    if (breaker) ubrk_close((UBreakIterator *)breaker);
}

int32_t vocab_icu_word_segments(const void *breaker, const uint16_t *text, int32_t length,
                                int32_t *starts, int32_t *ends, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_clone((const UBreakIterator *)breaker, &code);
    if (U_FAILURE(code)) {
        *status = report(code);
        return 0;
    }
    ubrk_setText(iterator, (const UChar *)text, length, &code);
    if (U_FAILURE(code)) {
        ubrk_close(iterator);
        *status = report(code);
        return 0;
    }
    int32_t count = 0;
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; start = end, end = ubrk_next(iterator)) {
        if (ubrk_getRuleStatus(iterator) == UBRK_WORD_NONE) continue;
        if (count < capacity) {
            starts[count] = start;
            ends[count] = end;
        }
        count++;
    }
    ubrk_close(iterator);
    *status = 0;
    return count;
}

void *vocab_icu_spellout_open(const char *locale, int32_t *usedFallback, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UNumberFormat *formatter = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &code);
    *usedFallback = (code == U_USING_DEFAULT_WARNING || code == U_USING_FALLBACK_WARNING) ? 1 : 0;
    *status = report(code);
    if (U_FAILURE(code)) {
        if (formatter) unum_close(formatter);
        return NULL;
    }
    return formatter;
}

void vocab_icu_spellout_close(void *formatter) {
    if (formatter) unum_close((UNumberFormat *)formatter);
}

int32_t vocab_icu_spellout_format(void *formatter, int64_t value, uint16_t *dest, int32_t capacity,
                                  int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t result = unum_formatInt64((const UNumberFormat *)formatter, value, (UChar *)dest, capacity, NULL, &code);
    *status = report(code);
    return result;
}

int32_t vocab_icu_canonical_language_tag(const char *tag, char *dest, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    char localeID[ULOC_FULLNAME_CAPACITY];
    int32_t parsedLength = 0;
    int32_t inputLength = (int32_t)strlen(tag);
    uloc_forLanguageTag(tag, localeID, (int32_t)sizeof localeID, &parsedLength, &code);
    if (U_FAILURE(code)) {
        *status = report(code);
        return -1;
    }
    if (parsedLength != inputLength || localeID[0] == 0) {
        *status = 0;
        return -1;
    }
    int32_t result = uloc_toLanguageTag(localeID, dest, capacity, /* strict */ 1, &code);
    *status = report(code);
    return U_FAILURE(code) ? -1 : result;
}

int32_t vocab_icu_likely_language_tag(const char *tag, char *dest, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    char localeID[ULOC_FULLNAME_CAPACITY];
    char maximized[ULOC_FULLNAME_CAPACITY];
    int32_t parsedLength = 0;
    uloc_forLanguageTag(tag, localeID, (int32_t)sizeof localeID, &parsedLength, &code);
    uloc_addLikelySubtags(localeID, maximized, (int32_t)sizeof maximized, &code);
    int32_t result = uloc_toLanguageTag(maximized, dest, capacity, 0, &code);
    *status = report(code);
    return U_FAILURE(code) ? -1 : result;
}
