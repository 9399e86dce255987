/* Array-free halves of the string add-on's split and join, shared with whichever add-on registers
 * `string[]@ string::split(const string &in) const` and `string join(const string[] &in,
 * const string &in)` once array<T> exists (see register_split_join in string_utils.c). */
#ifndef AS_ADDON_STRING_UTILS_H
#define AS_ADDON_STRING_UTILS_H
#include "str.h"
#include <stdbool.h>
#include <stddef.h>

/* Receives one part of a split; returns false to stop (e.g. out of memory). */
typedef bool (*str_part_fn)(void *user, const char *part, size_t len);

/* Calls emit for every part of s between occurrences of delim, left to right, and once more for
 * the rest after the last delimiter, so there is always at least one part ("" gives one empty
 * part). Returns false if emit returned false. */
bool split_string(const as_str *s, const as_str *delim, str_part_fn emit, void *user);

/* Gives element i of the caller's array of strings. */
typedef const as_str *(*str_at_fn)(void *user, size_t i);

/* Appends the count strings at(user, 0..count-1) to out with delim between them. Returns false
 * when out of memory (out then holds a prefix of the result). */
bool join_strings(as_str *out, str_at_fn at, void *user, size_t count, const as_str *delim);

/* string_format.c: format, scan and string::regexFind (2.38), registered by as_register_string_utils */
int as_register_string_format(as_engine *e);
/* formatInt ... parseFloat, format, scan and string::regexFind (once per engine). */
int string_register_helpers(as_engine *e);

#endif
