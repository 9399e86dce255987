/* asIScriptEngine::ParseToken: what kind of token starts a piece of text, by the compiler's own
 * lexer (for editors and syntax highlighters). */
#include "engine.h"
#include "../parser/lexer.h"
#include <string.h>

as_token_class as_engine_parse_token(as_engine *e, const char *s, size_t len, int *token_len)
{
    if (!e || !s) return AS_TC_UNKNOWN;
    if (len == 0) len = strlen(s);
    if (len == 0) {
        /* the reference reports one unrecognised character for empty text */
        if (token_len) *token_len = 1;
        return AS_TC_UNKNOWN;
    }
    as_lex_options opt = {e->props[AS_EP_ALLOW_UNICODE_IDENTIFIERS] != 0, false, 0, e->props[AS_EP_FOREACH_SUPPORT] == 0};
    uint8_t kind;
    size_t n = lex_scan_token(s, len, &opt, &kind);
    if (token_len) *token_len = (int)n;
    switch (kind) {
    case TK_COUNT: return s[0] == '/' ? AS_TC_COMMENT : AS_TC_WHITESPACE;
    case TK_UNKNOWN: return AS_TC_UNKNOWN;
    case TK_IDENT: return AS_TC_IDENTIFIER;
    case TK_INT: case TK_FLOAT: case TK_DOUBLE: case TK_STRING: case TK_MLSTRING: case TK_HEREDOC:
    case TK_BADSTRING: case TK_BITS:
        return AS_TC_VALUE;
    default: return AS_TC_KEYWORD;   /* reserved words and operators */
    }
}
