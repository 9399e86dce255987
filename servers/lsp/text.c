/* Positions and words in a document's text (text.h). */
#include "text.h"
#include <string.h>

/* The length of the line break at i: "\n", "\r\n" or (for LSP, not for the compiler) a lone "\r". */
static size_t lsp_break(const char *text, size_t len, size_t i)
{
    if (text[i] == '\n') return 1;
    if (text[i] == '\r') return i + 1 < len && text[i + 1] == '\n' ? 2 : 1;
    return 0;
}

size_t text_line_start(const char *text, size_t len, int line)
{
    size_t at = 0;
    for (int l = 0; l < line; l++) {
        while (at < len && !lsp_break(text, len, at)) at++;
        if (at >= len) return len;
        at += lsp_break(text, len, at);
    }
    return at;
}

size_t text_line_end(const char *text, size_t len, size_t start)
{
    size_t at = start;
    while (at < len && !lsp_break(text, len, at)) at++;
    return at;
}

/* Length in bytes of the UTF-8 sequence starting with byte c (a stray byte counts as one). */
static size_t utf8_length(unsigned char c)
{
    return c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

size_t text_offset(const char *text, size_t len, int line, int character, bool utf16)
{
    if (line < 0) return 0;
    size_t at = text_line_start(text, len, line), end = text_line_end(text, len, at);
    if (character <= 0) return at;
    if (!utf16) return at + (size_t)character < end ? at + (size_t)character : end;
    int units = 0;
    while (at < end && units < character) {
        size_t n = utf8_length((unsigned char)text[at]);
        if (at + n > end) n = end - at;
        units += n == 4 ? 2 : 1;
        at += n;
    }
    return at;
}

void text_position(const char *text, size_t len, size_t offset, bool utf16, int *line, int *character)
{
    if (offset > len) offset = len;
    int l = 0;
    size_t start = 0;
    for (size_t i = 0; i < offset;) {
        size_t n = lsp_break(text, len, i);
        if (n && i + n <= offset) {
            l++;
            i += n;
            start = i;
        } else i++;
    }
    int ch = 0;
    if (!utf16) ch = (int)(offset - start);
    else
        for (size_t at = start; at < offset;) {
            size_t n = utf8_length((unsigned char)text[at]);
            ch += n == 4 ? 2 : 1;
            at += n;
        }
    *line = l;
    *character = ch;
}

size_t text_row_start(const char *text, size_t len, int row)
{
    size_t at = 0;
    for (int r = 1; r < row; r++) {
        const char *nl = memchr(text + at, '\n', len - at);
        if (!nl) return len;
        at = (size_t)(nl - text) + 1;
    }
    return at;
}

size_t text_offset_of_row_col(const char *text, size_t len, int row, int col)
{
    size_t at = text_row_start(text, len, row), end = at;
    while (end < len && text[end] != '\n') end++;
    if (end > at && text[end - 1] == '\r') end--;
    if (col > 1) at += (size_t)(col - 1);
    return at < end ? at : end;
}

bool text_is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           (unsigned char)c >= 0x80;
}

bool text_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *end)
{
    if (offset > len) offset = len;
    size_t s = offset, e = offset;
    while (s > 0 && text_is_ident_char(text[s - 1])) s--;
    while (e < len && text_is_ident_char(text[e])) e++;
    if (s == e || (text[s] >= '0' && text[s] <= '9')) return false;
    *start = s;
    *end = e;
    return true;
}

size_t text_token_end(const char *text, size_t len, size_t offset)
{
    if (offset >= len || text[offset] == '\n' || text[offset] == '\r') return offset;
    size_t at = offset;
    if (text_is_ident_char(text[at])) {
        while (at < len && (text_is_ident_char(text[at]) || (text[at] == '.' && text[offset] >= '0' && text[offset] <= '9'))) at++;
        return at;
    }
    if (text[at] == '"' || text[at] == '\'') {
        char quote = text[at++];
        while (at < len && text[at] != '\n' && text[at] != quote) at += text[at] == '\\' && at + 1 < len ? 2 : 1;
        return at < len && text[at] == quote ? at + 1 : at;
    }
    return at + 1;
}
