/* Lexer: source bytes -> token array.
 *
 * The whole section is tokenized up front (whitespace and comments dropped, an EOF token
 * appended), so the parser can look ahead and rewind freely by index. Lexical errors are not
 * reported here: a bad byte becomes TK_UNKNOWN, an unterminated string TK_BADSTRING, and the
 * parser reports them where the reference engine would, with the same texts.
 *
 * Positions are byte offsets; line and column are 1-based and count bytes (tabs and UTF-8
 * sequences included), exactly like the reference engine. Only '\n' starts a new line. */
#ifndef AS_LEXER_H
#define AS_LEXER_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* X(name, definition): the definition is the text the reference engine prints for the token
 * in "Instead found '%s'" and "Unexpected token '%s'". Everything from TK_IF on is a reserved
 * keyword ("Instead found reserved keyword '%s'"); the order before it follows the reference so
 * messages classify tokens the same way. */
#define AS_TOKEN_LIST(X) \
    X(UNKNOWN, "<unrecognized token>") X(EOF, "<end of file>") \
    X(IDENT, "<identifier>") X(INT, "<integer constant>") X(FLOAT, "<float constant>") \
    X(DOUBLE, "<double constant>") X(STRING, "<string constant>") \
    X(MLSTRING, "<multiline string constant>") X(HEREDOC, "<heredoc string constant>") \
    X(BADSTRING, "<nonterminated string constant>") X(BITS, "<bits constant>") \
    X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/") X(PERCENT, "%") X(STARSTAR, "**") \
    X(AT, "@") \
    X(ADD_ASSIGN, "+=") X(SUB_ASSIGN, "-=") X(MUL_ASSIGN, "*=") X(DIV_ASSIGN, "/=") \
    X(MOD_ASSIGN, "%=") X(POW_ASSIGN, "**=") X(OR_ASSIGN, "|=") X(AND_ASSIGN, "&=") \
    X(XOR_ASSIGN, "^=") X(SHL_ASSIGN, "<<=") X(SHR_ASSIGN, ">>=") X(USHR_ASSIGN, ">>>=") \
    X(INC, "++") X(DEC, "--") X(DOT, ".") X(SCOPE, "::") \
    X(ASSIGN, "=") X(SEMI, ";") X(COMMA, ",") X(LBRACE, "{") X(RBRACE, "}") \
    X(LPAREN, "(") X(RPAREN, ")") X(LBRACKET, "[") X(RBRACKET, "]") X(AMP, "&") \
    X(BITOR, "|") X(BITNOT, "~") X(BITXOR, "^") X(SHL, "<<") X(SHR, ">>") X(USHR, ">>>") \
    X(EQ, "==") X(NE, "!=") X(LT, "<") X(GT, ">") X(LE, "<=") X(GE, ">=") \
    X(QUESTION, "?") X(COLON, ":") X(ELLIPSIS, "...") \
    X(IF, "if") X(ELSE, "else") X(FOR, "for") X(WHILE, "while") X(BOOL, "bool") \
    X(FUNCDEF, "funcdef") X(IMPORT, "import") X(INT_T, "int") X(INT8, "int8") \
    X(INT16, "int16") X(INT64, "int64") X(INTERFACE, "interface") X(IS, "is") \
    X(NOTIS, "!is") X(UINT, "uint") X(UINT8, "uint8") X(UINT16, "uint16") \
    X(UINT64, "uint64") X(FLOAT_T, "float") X(VOID, "void") X(TRUE, "true") \
    X(FALSE, "false") X(RETURN, "return") X(NOT, "!") X(AND, "&&") X(OR, "||") \
    X(XOR, "^^") X(BREAK, "break") X(CONTINUE, "continue") X(CONST, "const") X(DO, "do") \
    X(DOUBLE_T, "double") X(SWITCH, "switch") X(CASE, "case") X(DEFAULT, "default") \
    X(IN, "in") X(OUT, "out") X(INOUT, "inout") X(NULL, "null") X(CLASS, "class") \
    X(TYPEDEF, "typedef") X(ENUM, "enum") X(CAST, "cast") X(PRIVATE, "private") \
    X(PROTECTED, "protected") X(NAMESPACE, "namespace") X(MIXIN, "mixin") X(AUTO, "auto") \
    X(TRY, "try") X(CATCH, "catch") X(FOREACH, "foreach") X(USING, "using")

typedef enum as_tok_kind {
#define AS_TOK_ENUM(name, def) TK_##name,
    AS_TOKEN_LIST(AS_TOK_ENUM)
#undef AS_TOK_ENUM
    TK_COUNT
} as_tok_kind;

#define TK_FIRST_KEYWORD TK_IF

typedef struct as_token {
    uint8_t kind;       /* as_tok_kind */
    uint32_t pos, len;  /* byte range in the source */
    int32_t line, col;  /* 1-based, bytes */
} as_token;

typedef struct as_token_array {
    as_token *data;
    int count, cap;
} as_token_array;

typedef struct as_lex_options {
    bool unicode_identifiers;   /* bytes >= 0x80 may appear in identifiers */
    bool ellipsis;              /* lex `...` as one token (registration declarations) */
    int line_offset;            /* added to every line number (the section's first line is 1 + this) */
    bool no_foreach;            /* asEP_FOREACH_SUPPORT=0: `foreach` is an identifier */
} as_lex_options;

/* Tokenizes src[0..len) into out (appending; the caller frees out->data). The last token is
 * always TK_EOF at offset len. Never reads outside the buffer; NUL bytes are ordinary input.
 * Returns false if the source is too large for 32-bit offsets (nothing is appended then). */
bool lex_tokenize(const char *src, size_t len, const as_lex_options *opt, as_token_array *out);

/* The token at s[0..n) (n >= 1): its length, and its kind in *kind, TK_COUNT for whitespace or a
 * comment (a comment starts with '/'). */
size_t lex_scan_token(const char *s, size_t n, const as_lex_options *opt, uint8_t *kind);

/* Kind of the punctuation token that is exactly s[0..n) (used to re-lex the tail of a '>>'
 * token split by a template argument list), or TK_UNKNOWN. */
as_tok_kind lex_punct_kind(const char *s, size_t n);

/* The reference engine's printable definition of a token kind. */
const char *tok_definition(int kind);

/* Reserved keyword kind of word[0..n), or TK_IDENT. Includes the aliases and/or/xor/not and
 * int32/uint32. */
as_tok_kind lex_keyword(const char *word, size_t n);

/* ---- literal values (lexer.c / literal.c) ---- */

/* Decimal integer token: value in *out; returns false on overflow beyond 64 bits. */
bool lex_int_value(const char *s, size_t n, uint64_t *out);
/* 0x 0b 0o 0d token: value in *out; returns false on overflow beyond 64 bits. */
bool lex_bits_value(const char *s, size_t n, uint64_t *out);
/* Real token (optional trailing f/F ignored): correctly rounded double. */
double lex_real_value(const char *s, size_t n);

/* Receives a warning while decoding a string literal (text is a reference engine message). */
typedef void (*lex_warn_fn)(void *user, const char *text);

/* Appends the decoded bytes of a "..." or '...' token (quotes included in s[0..n)) to the
 * buffer. Escapes are resolved like the reference engine (UTF-8 encoding); invalid escapes
 * produce the reference warnings through warn. */
typedef struct lex_buf { char *data; size_t len, cap; } lex_buf;
void lex_buf_push(lex_buf *b, const char *s, size_t n);
void lex_decode_string(const char *s, size_t n, lex_buf *out, lex_warn_fn warn, void *user);
/* Appends the content of a """...""" token, trimmed by trim_mode (0 never, 1 multi-line,
 * 2 always) as asEP_HEREDOC_TRIM_MODE does. */
void lex_decode_heredoc(const char *s, size_t n, int trim_mode, lex_buf *out);

#endif
