/* AST node allocation and the names used by dumps and diagnostics. */
#include "ast.h"
#include <string.h>

ast_node *ast_new(as_arena *a, ast_kind kind, ast_pos pos)
{
    ast_node *n = ARENA_NEW(a, ast_node);
    n->kind = (uint8_t)kind;
    n->pos = pos;
    return n;
}

/* Lists live in the arena too: growing copies into a bigger block and abandons the old one,
 * which the arena frees with everything else. Doubling keeps the waste below 2x. */
static void *grow_array(as_arena *a, void *old, int32_t count, int32_t *cap, size_t elem)
{
    int32_t ncap = *cap ? *cap * 2 : 4;
    void *p = arena_alloc(a, (size_t)ncap * elem);
    if (count) memcpy(p, old, (size_t)count * elem);
    *cap = ncap;
    return p;
}

void ast_list_push(as_arena *a, ast_list *l, ast_node *n)
{
    if (l->count == l->cap) l->items = grow_array(a, l->items, l->count, &l->cap, sizeof *l->items);
    l->items[l->count++] = n;
}

void ast_names_push(as_arena *a, ast_names *l, const char *name)
{
    if (l->count == l->cap) l->items = grow_array(a, l->items, l->count, &l->cap, sizeof *l->items);
    l->items[l->count++] = name;
}

const char *ast_kind_name(ast_kind k)
{
    static const char *const names[AST_KIND_COUNT] = {
        [AST_SCRIPT] = "script", [AST_NAMESPACE] = "namespace", [AST_CLASS] = "class",
        [AST_INTERFACE] = "interface", [AST_ENUM] = "enum", [AST_TYPEDEF] = "typedef",
        [AST_FUNCDEF] = "funcdef", [AST_FUNC] = "func", [AST_VAR] = "var",
        [AST_VIRTPROP] = "virtprop", [AST_IMPORT] = "import", [AST_TYPE] = "type",
        [AST_PARAM] = "param", [AST_DECLARATOR] = "declarator", [AST_ENUMVAL] = "enumval",
        [AST_ACCESSOR] = "accessor", [AST_ARG] = "arg", [AST_BLOCK] = "block", [AST_IF] = "if",
        [AST_WHILE] = "while", [AST_DOWHILE] = "dowhile", [AST_FOR] = "for",
        [AST_SWITCH] = "switch", [AST_CASE] = "case", [AST_BREAK] = "break",
        [AST_CONTINUE] = "continue", [AST_RETURN] = "return", [AST_EXPRSTMT] = "exprstmt",
        [AST_TRY] = "try", [AST_LITERAL] = "literal", [AST_IDENT] = "ident", [AST_CALL] = "call",
        [AST_INVOKE] = "invoke", [AST_CONSTRUCT] = "construct", [AST_CAST] = "cast",
        [AST_UNARY] = "unary", [AST_POSTFIX] = "postfix", [AST_BINARY] = "binary",
        [AST_ASSIGN] = "assign", [AST_TERNARY] = "ternary", [AST_MEMBER] = "member",
        [AST_INDEX] = "index", [AST_INITLIST] = "initlist", [AST_LAMBDA] = "lambda",
        [AST_VOIDEXPR] = "void",
    };
    if ((unsigned)k >= AST_KIND_COUNT || !names[k]) return "?";
    return names[k];
}

const char *ast_op_text(ast_op op)
{
    static const char *const texts[OP_COUNT] = {
        [OP_NONE] = "", [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/",
        [OP_MOD] = "%", [OP_POW] = "**", [OP_BAND] = "&", [OP_BOR] = "|", [OP_BXOR] = "^",
        [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_USHR] = ">>>", [OP_EQ] = "==", [OP_NE] = "!=",
        [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=", [OP_IS] = "is",
        [OP_NOTIS] = "!is", [OP_AND] = "&&", [OP_OR] = "||", [OP_XOR] = "^^", [OP_NEG] = "-",
        [OP_PLUS] = "+", [OP_NOT] = "!", [OP_BNOT] = "~", [OP_PREINC] = "++", [OP_PREDEC] = "--",
        [OP_HANDLE] = "@", [OP_POSTINC] = "++", [OP_POSTDEC] = "--", [OP_ASSIGN] = "=",
    };
    if ((unsigned)op >= OP_COUNT || !texts[op]) return "?";
    return texts[op];
}
