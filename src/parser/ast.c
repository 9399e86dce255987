/* AST node allocation and the names used by dumps and diagnostics. */
#include "ast.h"
#include <stddef.h>
#include <string.h>

/* Each node only gets the header and its own union member: a binary node is a third of the
 * largest (a function), which keeps big scripts' ASTs small enough to stay in cache. */
#define PAYLOAD(m) (offsetof(ast_node, u) + sizeof(((ast_node *)0)->u.m))
static const uint16_t node_sizes[AST_KIND_COUNT] = {
    [AST_SCRIPT] = PAYLOAD(script), [AST_NAMESPACE] = PAYLOAD(ns), [AST_CLASS] = PAYLOAD(cls),
    [AST_INTERFACE] = PAYLOAD(cls), [AST_ENUM] = PAYLOAD(enm), [AST_TYPEDEF] = PAYLOAD(tdef),
    [AST_FUNCDEF] = PAYLOAD(func), [AST_FUNC] = PAYLOAD(func), [AST_VAR] = PAYLOAD(var),
    [AST_VIRTPROP] = PAYLOAD(vprop), [AST_IMPORT] = PAYLOAD(func), [AST_TYPE] = PAYLOAD(type),
    [AST_PARAM] = PAYLOAD(param), [AST_DECLARATOR] = PAYLOAD(decl), [AST_ENUMVAL] = PAYLOAD(enumval),
    [AST_ACCESSOR] = PAYLOAD(accessor), [AST_ARG] = PAYLOAD(arg), [AST_BLOCK] = PAYLOAD(block),
    [AST_IF] = PAYLOAD(if_), [AST_WHILE] = PAYLOAD(loop), [AST_DOWHILE] = PAYLOAD(loop),
    [AST_FOR] = PAYLOAD(for_), [AST_SWITCH] = PAYLOAD(switch_), [AST_CASE] = PAYLOAD(case_),
    [AST_BREAK] = offsetof(ast_node, u), [AST_CONTINUE] = offsetof(ast_node, u),
    [AST_RETURN] = PAYLOAD(ret), [AST_EXPRSTMT] = PAYLOAD(ret), [AST_TRY] = PAYLOAD(try_),
    [AST_FOREACH] = PAYLOAD(foreach_), [AST_USING] = PAYLOAD(using_),
    [AST_LITERAL] = PAYLOAD(lit), [AST_IDENT] = PAYLOAD(ident), [AST_CALL] = PAYLOAD(call),
    [AST_INVOKE] = PAYLOAD(invoke), [AST_CONSTRUCT] = PAYLOAD(construct), [AST_CAST] = PAYLOAD(cast),
    [AST_UNARY] = PAYLOAD(unary), [AST_POSTFIX] = PAYLOAD(unary), [AST_BINARY] = PAYLOAD(binary),
    [AST_ASSIGN] = PAYLOAD(binary), [AST_TERNARY] = PAYLOAD(ternary), [AST_MEMBER] = PAYLOAD(member),
    [AST_INDEX] = PAYLOAD(index), [AST_INITLIST] = PAYLOAD(init), [AST_LAMBDA] = PAYLOAD(lambda),
    [AST_VOIDEXPR] = offsetof(ast_node, u),
};
#undef PAYLOAD

size_t ast_node_size(ast_kind kind) { return node_sizes[kind]; }

#if defined(__SANITIZE_ADDRESS__)
#define AST_POISON 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AST_POISON 1
#endif
#endif
#ifdef AST_POISON
#include <sanitizer/asan_interface.h>
#endif

ast_node *ast_new(as_arena *a, ast_kind kind, ast_pos pos)
{
#ifdef AST_POISON
    /* sanitizer builds: the whole node, with the part past this kind's member poisoned, so
     * reading the wrong member of a node is caught */
    ast_node *n = arena_alloc(a, sizeof(ast_node));
    ASAN_POISON_MEMORY_REGION((char *)n + node_sizes[kind], sizeof(ast_node) - node_sizes[kind]);
#else
    ast_node *n = arena_alloc(a, node_sizes[kind]);
#endif
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

void ast_init_push_empty(as_arena *a, ast_node *list, ast_pos end)
{
    ast_list_push(a, &list->u.init.items, NULL);
    if (list->u.init.nempty == list->u.init.empty_cap)
        list->u.init.empty_pos = grow_array(a, list->u.init.empty_pos, list->u.init.nempty, &list->u.init.empty_cap, sizeof(ast_pos));
    list->u.init.empty_pos[list->u.init.nempty++] = end;
}

ast_pos ast_init_item_pos(const ast_node *list, int i)
{
    const ast_list *items = &list->u.init.items;
    if (items->items[i]) return items->items[i]->pos;
    /* empty elements are rare: count the ones before i */
    int k = 0;
    for (int j = 0; j < i; j++) k += items->items[j] == NULL;
    return k < list->u.init.nempty ? list->u.init.empty_pos[k] : list->pos;
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
        [AST_TRY] = "try", [AST_FOREACH] = "foreach", [AST_USING] = "using", [AST_LITERAL] = "literal", [AST_IDENT] = "ident", [AST_CALL] = "call",
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
