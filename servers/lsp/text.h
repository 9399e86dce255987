/* Positions in a document's text. angelc reports 1-based lines and byte columns; LSP positions
 * are 0-based lines and characters counted in the negotiated encoding (UTF-16 code units by
 * default, or UTF-8 bytes). Out-of-range positions are clamped, never trusted. */
#ifndef ANGELC_LSP_TEXT_H
#define ANGELC_LSP_TEXT_H
#include <stdbool.h>
#include <stddef.h>

/* LSP lines end at "\n", "\r\n" or a lone "\r"; the compiler's rows at "\n" only. */
/* The byte offset where 0-based LSP line starts (len if the text has fewer lines). */
size_t text_line_start(const char *text, size_t len, int line);
/* The byte offset just before the line break of the line starting at start. */
size_t text_line_end(const char *text, size_t len, size_t start);
/* The byte offset of an LSP position (clamped to its line). */
size_t text_offset(const char *text, size_t len, int line, int character, bool utf16);
/* The LSP line and character of a byte offset. */
void text_position(const char *text, size_t len, size_t offset, bool utf16, int *line, int *character);
/* The byte offset where the compiler's 1-based row starts, and of its row and byte column
 * (clamped to the row). */
size_t text_row_start(const char *text, size_t len, int row);
size_t text_offset_of_row_col(const char *text, size_t len, int row, int col);

bool text_is_ident_char(char c);
/* The identifier around offset (also just after its end): [*start, *end); false if none. */
bool text_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *end);
/* The end of the token that starts at offset: an identifier or number, a string literal (on
 * its line), else one character; at a line's end, the offset itself. */
size_t text_token_end(const char *text, size_t len, size_t offset);

#endif
