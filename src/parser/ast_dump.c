/* S-expression AST dump (see ast_dump.h). */
#include "ast_dump.h"
#include <string.h>
#include <inttypes.h>

/* ---- inline type spelling ---- */

typedef struct sbuf { char *p; size_t size, len; } sbuf;

static void put(sbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + 1 < b->size) {
        size_t room = b->size - 1 - b->len;
        memcpy(b->p + b->len, s, n < room ? n : room);
    }
    b->len += n;
    if (b->size) b->p[b->len < b->size ? b->len : b->size - 1] = 0;
}

static const char *prim_name(int prim)
{
    static const char *const names[] = {
        [PRIM_NONE] = "", [PRIM_VOID] = "void", [PRIM_BOOL] = "bool", [PRIM_INT8] = "int8",
        [PRIM_INT16] = "int16", [PRIM_INT] = "int", [PRIM_INT64] = "int64",
        [PRIM_UINT8] = "uint8", [PRIM_UINT16] = "uint16", [PRIM_UINT] = "uint",
        [PRIM_UINT64] = "uint64", [PRIM_FLOAT] = "float", [PRIM_DOUBLE] = "double",
        [PRIM_AUTO] = "auto", [PRIM_VARTYPE] = "?",
    };
    return prim >= 0 && prim <= PRIM_VARTYPE ? names[prim] : "?prim";
}

static void put_names(sbuf *b, bool global, const ast_names *scope)
{
    if (global) put(b, "::");
    for (int i = 0; i < scope->count; i++) {
        put(b, scope->items[i]);
        put(b, "::");
    }
}

static void put_type(sbuf *b, const ast_node *t)
{
    if (!t) {
        put(b, "<null>");
        return;
    }
    if (t->u.type.is_const) put(b, "const ");
    put_names(b, t->u.type.global_scope, &t->u.type.scope);
    if (t->u.type.scope_type) {
        put_type(b, t->u.type.scope_type);
        put(b, "::");
    }
    put(b, t->u.type.name ? t->u.type.name : prim_name(t->u.type.prim));
    if (t->u.type.targs.count || t->u.type.template_decl) {
        put(b, "<");
        for (int i = 0; i < t->u.type.targs.count; i++) {
            if (i) put(b, ",");
            if (t->u.type.template_decl) put(b, "class ");
            put_type(b, t->u.type.targs.items[i]);
        }
        put(b, ">");
    }
    for (int i = 0; i < t->u.type.nmods; i++) {
        const ast_typemod *m = &t->u.type.mods[i];
        if (m->kind == TYPEMOD_ARRAY) put(b, "[]");
        else {
            put(b, "@");
            if (m->auto_handle) put(b, "+");
            if (m->handle_const) put(b, "const");
        }
    }
}

void ast_type_string(const ast_node *type, char *buf, size_t size)
{
    sbuf b = {buf, size, 0};
    if (size) buf[0] = 0;
    put_type(&b, type);
}

/* ---- tree printer ---- */

typedef struct dumper { FILE *out; int indent; } dumper;

static void dump(dumper *d, const ast_node *n);

static void open_node(dumper *d, const ast_node *n)
{
    fprintf(d->out, "(%s@%d:%d", ast_kind_name((ast_kind)n->kind), n->pos.line, n->pos.col);
}

static void newline(dumper *d)
{
    fprintf(d->out, "\n%*s", d->indent * 2, "");
}

static void child(dumper *d, const char *label, const ast_node *n)
{
    d->indent++;
    newline(d);
    if (label) fprintf(d->out, "%s=", label);
    if (n && d->indent > 1000) fputs("(...)", d->out);  /* chains like x+x+...+x: the C stack is the limit */
    else if (n) dump(d, n);
    else fputs("()", d->out);
    d->indent--;
}

static void children(dumper *d, const char *label, const ast_list *l)
{
    for (int i = 0; i < l->count; i++) child(d, label, l->items[i]);
}

static void attr_str(dumper *d, const char *key, const char *v)
{
    if (v) fprintf(d->out, " %s=%s", key, v);
}

static void flag(dumper *d, bool on, const char *name)
{
    if (on) fprintf(d->out, " %s", name);
}

static void type_attr(dumper *d, const char *key, const ast_node *t)
{
    char buf[512];
    if (!t) return;
    ast_type_string(t, buf, sizeof buf);
    fprintf(d->out, " %s=\"%s\"@%d:%d", key, buf, t->pos.line, t->pos.col);
}

static void mods_attr(dumper *d, uint32_t mods)
{
    flag(d, mods & MOD_SHARED, "shared");
    flag(d, mods & MOD_EXTERNAL, "external");
    flag(d, mods & MOD_ABSTRACT, "abstract");
    flag(d, mods & MOD_FINAL, "final");
    flag(d, mods & MOD_PRIVATE, "private");
    flag(d, mods & MOD_PROTECTED, "protected");
}

static void fattrs_attr(dumper *d, uint32_t a)
{
    flag(d, a & FATTR_CONST, "const");
    flag(d, a & FATTR_OVERRIDE, "override");
    flag(d, a & FATTR_FINAL, "final");
    flag(d, a & FATTR_EXPLICIT, "explicit");
    flag(d, a & FATTR_PROPERTY, "property");
    flag(d, a & FATTR_DELETE, "delete");
    flag(d, a & FATTR_IF_HANDLE_THEN_CONST, "if_handle_then_const");
}

static void scoped_name(dumper *d, bool global, const ast_names *scope, const ast_node *scope_type,
                        const char *name)
{
    fputc(' ', d->out);
    if (global) fputs("::", d->out);
    for (int i = 0; i < scope->count; i++) fprintf(d->out, "%s::", scope->items[i]);
    if (scope_type) {
        char buf[512];
        ast_type_string(scope_type, buf, sizeof buf);
        fprintf(d->out, "%s::", buf);
    }
    fputs(name ? name : "<null>", d->out);
}

static void quoted(dumper *d, const char *s, uint32_t len)
{
    fputc('"', d->out);
    for (uint32_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(d->out, "\\%c", c);
        else if (c == '\n') fputs("\\n", d->out);
        else if (c == '\t') fputs("\\t", d->out);
        else if (c < 0x20 || c >= 0x7F) fprintf(d->out, "\\x%02X", c);
        else fputc(c, d->out);
    }
    fputc('"', d->out);
}

static void dump_literal(dumper *d, const ast_node *n)
{
    switch (n->u.lit.kind) {
    case LIT_INT: fprintf(d->out, " int %" PRIu64, n->u.lit.u64); break;
    case LIT_BITS: fprintf(d->out, " bits 0x%" PRIX64, n->u.lit.u64); break;
    case LIT_DOUBLE: fprintf(d->out, " double %.17g", n->u.lit.f64); break;
    case LIT_FLOAT: fprintf(d->out, " float %.17g", n->u.lit.f64); break;
    case LIT_STRING: fputs(" string ", d->out); quoted(d, n->u.lit.str, n->u.lit.len); break;
    case LIT_CHAR: fputs(" char ", d->out); quoted(d, n->u.lit.str, n->u.lit.len); break;
    case LIT_TRUE: fputs(" true", d->out); break;
    case LIT_FALSE: fputs(" false", d->out); break;
    case LIT_NULL: fputs(" null", d->out); break;
    default: fputs(" ?", d->out); break;
    }
    flag(d, n->u.lit.overflow, "overflow");
}

static void dump_func(dumper *d, const ast_node *n)
{
    scoped_name(d, n->u.func.global_scope, &n->u.func.scope, n->u.func.scope_type, n->u.func.name);
    mods_attr(d, n->u.func.mods);
    fattrs_attr(d, n->u.func.attrs);
    flag(d, n->u.func.is_destructor, "destructor");
    flag(d, n->u.func.ret_ref, "ret_ref");
    flag(d, n->u.func.is_variadic, "variadic");
    type_attr(d, "ret", n->u.func.ret);
    if (n->u.func.module) fprintf(d->out, " from=\"%s\"", n->u.func.module);
    children(d, NULL, &n->u.func.params);
    if (n->u.func.list_pattern) child(d, "pattern", n->u.func.list_pattern);
    if (n->u.func.body) child(d, "body", n->u.func.body);
}

static const char *const ref_names[] = {"", "&in", "&out", "&inout"};

static void dump_decl_kinds(dumper *d, const ast_node *n)
{
    switch ((ast_kind)n->kind) {
    case AST_SCRIPT: children(d, NULL, &n->u.script.decls); break;
    case AST_NAMESPACE:
        for (int i = 0; i < n->u.ns.names.count; i++)
            fprintf(d->out, "%s%s", i ? "::" : " ", n->u.ns.names.items[i]);
        children(d, NULL, &n->u.ns.decls);
        break;
    case AST_CLASS:
    case AST_INTERFACE:
        attr_str(d, "name", n->u.cls.name);
        mods_attr(d, n->u.cls.mods);
        flag(d, n->u.cls.is_mixin, "mixin");
        flag(d, n->u.cls.is_forward, "forward");
        for (int i = 0; i < n->u.cls.bases.count; i++) type_attr(d, "base", n->u.cls.bases.items[i]);
        children(d, NULL, &n->u.cls.members);
        break;
    case AST_ENUM:
        attr_str(d, "name", n->u.enm.name);
        mods_attr(d, n->u.enm.mods);
        flag(d, n->u.enm.is_forward, "forward");
        children(d, NULL, &n->u.enm.values);
        break;
    case AST_ENUMVAL:
        attr_str(d, "name", n->u.enumval.name);
        if (n->u.enumval.value) child(d, NULL, n->u.enumval.value);
        break;
    case AST_TYPEDEF:
        type_attr(d, "type", n->u.tdef.type);
        attr_str(d, "name", n->u.tdef.name);
        break;
    case AST_FUNC: case AST_FUNCDEF: case AST_IMPORT: dump_func(d, n); break;
    case AST_VAR:
        mods_attr(d, n->u.var.mods);
        flag(d, n->u.var.is_ref, "ref");
        type_attr(d, "type", n->u.var.type);
        children(d, NULL, &n->u.var.decls);
        break;
    case AST_DECLARATOR:
        scoped_name(d, n->u.decl.global_scope, &n->u.decl.scope, NULL, n->u.decl.name);
        flag(d, n->u.decl.has_args, "args");
        if (n->u.decl.init) child(d, "init", n->u.decl.init);
        children(d, NULL, &n->u.decl.args);
        break;
    case AST_VIRTPROP:
        attr_str(d, "name", n->u.vprop.name);
        mods_attr(d, n->u.vprop.mods);
        flag(d, n->u.vprop.is_ref, "ref");
        type_attr(d, "type", n->u.vprop.type);
        children(d, NULL, &n->u.vprop.accessors);
        break;
    case AST_ACCESSOR:
        fputs(n->u.accessor.is_get ? " get" : " set", d->out);
        fattrs_attr(d, n->u.accessor.attrs);
        if (n->u.accessor.body) child(d, "body", n->u.accessor.body);
        break;
    case AST_PARAM:
        type_attr(d, "type", n->u.param.type);
        if (n->u.param.ref < 4) fprintf(d->out, "%s%s", n->u.param.ref ? " " : "", ref_names[n->u.param.ref]);
        flag(d, n->u.param.if_handle_then_const, "if_handle_then_const");
        attr_str(d, "name", n->u.param.name);
        if (n->u.param.def) child(d, "default", n->u.param.def);
        break;
    case AST_TYPE: {
        char buf[512];
        ast_type_string(n, buf, sizeof buf);
        fprintf(d->out, " \"%s\"", buf);
        break;
    }
    default: break;
    }
}

static void dump_stmt_kinds(dumper *d, const ast_node *n)
{
    switch ((ast_kind)n->kind) {
    case AST_BLOCK: children(d, NULL, &n->u.block.stmts); break;
    case AST_IF:
        child(d, "cond", n->u.if_.cond);
        child(d, "then", n->u.if_.then_);
        if (n->u.if_.else_) child(d, "else", n->u.if_.else_);
        break;
    case AST_WHILE: case AST_DOWHILE:
        child(d, "cond", n->u.loop.cond);
        child(d, "body", n->u.loop.body);
        break;
    case AST_FOR:
        child(d, "init", n->u.for_.init);
        child(d, "cond", n->u.for_.cond);
        children(d, "inc", &n->u.for_.incs);
        child(d, "body", n->u.for_.body);
        break;
    case AST_SWITCH:
        child(d, "expr", n->u.switch_.expr);
        children(d, NULL, &n->u.switch_.cases);
        break;
    case AST_CASE:
        if (n->u.case_.value) child(d, "value", n->u.case_.value);
        else fputs(" default", d->out);
        children(d, NULL, &n->u.case_.stmts);
        break;
    case AST_RETURN: case AST_EXPRSTMT:
        if (n->u.ret.expr) child(d, NULL, n->u.ret.expr);
        break;
    case AST_TRY:
        child(d, "body", n->u.try_.body);
        child(d, "catch", n->u.try_.handler);
        break;
    case AST_FOREACH:
        children(d, "var", &n->u.foreach_.vars);
        child(d, "expr", n->u.foreach_.expr);
        child(d, "body", n->u.foreach_.body);
        break;
    default: break;
    }
}

static void dump_expr_kinds(dumper *d, const ast_node *n)
{
    switch ((ast_kind)n->kind) {
    case AST_LITERAL: dump_literal(d, n); break;
    case AST_IDENT:
        scoped_name(d, n->u.ident.global_scope, &n->u.ident.scope, n->u.ident.scope_type, n->u.ident.name);
        break;
    case AST_CALL:
        scoped_name(d, n->u.call.global_scope, &n->u.call.scope, n->u.call.scope_type, n->u.call.name);
        if (n->u.call.object) child(d, "object", n->u.call.object);
        children(d, NULL, &n->u.call.args);
        break;
    case AST_ARG:
        attr_str(d, "name", n->u.arg.name);
        child(d, NULL, n->u.arg.value);
        break;
    case AST_INVOKE:
        child(d, "callee", n->u.invoke.callee);
        children(d, NULL, &n->u.invoke.args);
        break;
    case AST_CONSTRUCT:
        type_attr(d, "type", n->u.construct.type);
        children(d, NULL, &n->u.construct.args);
        break;
    case AST_CAST:
        type_attr(d, "type", n->u.cast.type);
        child(d, NULL, n->u.cast.expr);
        break;
    case AST_UNARY: case AST_POSTFIX:
        fprintf(d->out, " %s", ast_op_text((ast_op)n->u.unary.op));
        child(d, NULL, n->u.unary.operand);
        break;
    case AST_BINARY: case AST_ASSIGN:
        fprintf(d->out, " %s%s", ast_op_text((ast_op)n->u.binary.op),
                n->kind == AST_ASSIGN && n->u.binary.op != OP_ASSIGN ? "=" : "");
        child(d, NULL, n->u.binary.lhs);
        child(d, NULL, n->u.binary.rhs);
        break;
    case AST_TERNARY:
        child(d, NULL, n->u.ternary.cond);
        child(d, NULL, n->u.ternary.a);
        child(d, NULL, n->u.ternary.b);
        break;
    case AST_MEMBER:
        attr_str(d, "name", n->u.member.name);
        child(d, NULL, n->u.member.object);
        break;
    case AST_INDEX:
        child(d, NULL, n->u.index.object);
        children(d, NULL, &n->u.index.args);
        break;
    case AST_INITLIST:
        type_attr(d, "type", n->u.init.type);
        if (n->u.init.repeat) fputs(n->u.init.repeat == 1 ? " repeat" : " repeat_same", d->out);
        children(d, NULL, &n->u.init.items);
        break;
    case AST_LAMBDA:
        children(d, NULL, &n->u.lambda.params);
        child(d, "body", n->u.lambda.body);
        break;
    default: break;
    }
}

static void dump(dumper *d, const ast_node *n)
{
    open_node(d, n);
    if (n->kind <= AST_TYPE || n->kind == AST_PARAM || n->kind == AST_DECLARATOR ||
        n->kind == AST_ENUMVAL || n->kind == AST_ACCESSOR)
        dump_decl_kinds(d, n);
    else if (n->kind >= AST_BLOCK && n->kind <= AST_USING)
        dump_stmt_kinds(d, n);
    else
        dump_expr_kinds(d, n);
    fputc(')', d->out);
}

void ast_dump(FILE *out, const ast_node *n)
{
    dumper d = {out, 0};
    if (n) dump(&d, n);
    else fputs("()", out);
    fputc('\n', out);
}
