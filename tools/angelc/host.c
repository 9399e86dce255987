#include "host.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compiler messages go to stderr, or into a buffer while captured (host_capture_messages). */
static bool capturing;
static char *captured;
static size_t captured_len, captured_cap;

static void capture(const char *text, size_t n)
{
    if (captured_len + n + 1 > captured_cap) {
        size_t cap = captured_cap ? captured_cap : 256;
        while (cap < captured_len + n + 1) cap *= 2;
        char *p = realloc(captured, cap);
        if (!p) return;
        captured = p;
        captured_cap = cap;
    }
    memcpy(captured + captured_len, text, n);
    captured_len += n;
    captured[captured_len] = 0;
}

static void message(const as_message *m, void *user)
{
    (void)user;
    const char *t = m->type == AS_MSG_ERROR ? "error" : m->type == AS_MSG_WARNING ? "warning" : "info";
    char line[2048];
    int n;
    if (m->section && *m->section) {
        int row = m->row, col = m->col;
        host_map_position(m->section, &row, &col);
        n = snprintf(line, sizeof line, "%s:%d:%d: %s: %s\n", m->section, row, col, t, m->message);
    } else n = snprintf(line, sizeof line, "angelc: %s: %s\n", t, m->message);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
    if (capturing) capture(line, (size_t)n);
    else fputs(line, stderr);
}

void host_capture_messages(bool on)
{
    capturing = on;
}

/* Code wrapped in a function on its own first line (-e, the repl): columns on that line come
 * back to the user's by `shift`, in captured messages and in exception reports. With the code
 * known (host_set_wrapped_code), a position past its end (the wrapper's closing line) is placed
 * just after the code's last character: where a missing `;` or `}` belongs. */
static char shift_section[64];
static int shift_cols;
static int code_end_line, code_end_col;   /* just after the code's last character; 0: unknown */

void host_set_column_shift(const char *section, int shift)
{
    snprintf(shift_section, sizeof shift_section, "%s", section ? section : "");
    shift_cols = section ? shift : 0;
    code_end_line = code_end_col = 0;
}

void host_set_wrapped_code(const char *section, int shift, const char *code)
{
    host_set_column_shift(section, shift);
    if (!section || !code) return;
    /* the end is after the last character that is not white space */
    size_t n = strlen(code);
    while (n && (code[n - 1] == ' ' || code[n - 1] == '\t' || code[n - 1] == '\n' || code[n - 1] == '\r')) n--;
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < n; i++)
        if (code[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    code_end_line = line;
    code_end_col = (int)(n - line_start) + 1;
}

int host_shift_column(const char *section, int line, int col)
{
    if (shift_cols && line == 1 && section && strcmp(section, shift_section) == 0) return col > shift_cols ? col - shift_cols : 1;
    return col;
}

void host_map_position(const char *section, int *line, int *col)
{
    if (code_end_line && *line > code_end_line && section && strcmp(section, shift_section) == 0) {
        *line = code_end_line;
        *col = code_end_col;
        return;
    }
    *col = host_shift_column(section, *line, *col);
}

const char *host_function_label(as_function *fn)
{
    if (!fn) return "?";
    const char *name = as_function_name(fn);
    if (name && (strcmp(name, "__repl_run") == 0 || strcmp(name, "__repl_expr") == 0)) return "<input>";
    const char *decl = as_function_declaration(fn, true, true, false);
    return decl ? decl : "?";
}

char *host_take_messages(void)
{
    char *r = captured ? captured : calloc(1, 1);
    captured = NULL;
    captured_len = captured_cap = 0;
    return r;
}

static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    fwrite(s, 1, n, stdout);
}

static void println(as_generic *g)
{
    print(g);
    fputc('\n', stdout);
}

static int native_add(int a, int b) { return a + b; }

/* Template functions (2.38) for the conformance scripts (tests/scripts/lang238/template_function*.as),
 * as the reference host registers them: the argument back, the subtype's declaration, a string
 * and the subtype. */
static void tmpl_identity(as_generic *g)
{
    int tid = as_function_subtype_id(as_generic_function(g), 0);
    void *a = as_generic_arg_address(g, 0);
    if (tid & AS_TYPEID_OBJHANDLE) as_generic_set_return_object(g, *(void **)a);
    else if (tid & AS_TYPEID_MASK_OBJECT) as_generic_set_return_object(g, a);
    else memcpy(as_generic_return_location(g), a, (size_t)(tid <= AS_TYPEID_DOUBLE ? as_engine_primitive_size(as_generic_engine(g), tid) : 4));
}

static void tmpl_type_name(as_generic *g)
{
    const char *d = as_engine_type_declaration(as_generic_engine(g), as_function_subtype_id(as_generic_function(g), 0), true);
    as_string_init(as_generic_return_location(g), d ? d : "", d ? strlen(d) : 0);
}

static void tmpl_with(as_generic *g)
{
    size_t n;
    const char *self = as_string_data(as_generic_object(g), &n);
    const char *d = as_engine_type_declaration(as_generic_engine(g), as_function_subtype_id(as_generic_function(g), 0), true);
    char buf[512];
    int len = snprintf(buf, sizeof buf, "%.*s:%s", (int)(n < 256 ? n : 256), self, d ? d : "");
    as_string_init(as_generic_return_location(g), buf, len < 0 ? 0 : (size_t)len < sizeof buf ? (size_t)len : sizeof buf - 1);
}

/* One line each for `angelc dump-api` (host_document). */
static const as_doc_entry host_docs[] = {
    {"print", "writes the text to standard output"},
    {"println", "writes the text and a newline to standard output"},
    {"native_add", "(for the conformance tests) the sum of two integers, computed by a native function"},
    {"tmpl_identity", "(for the conformance tests) the argument back"},
    {"tmpl_type_name", "(for the conformance tests) the declaration of the type argument"},
    {"string::tmpl_with", "(for the conformance tests) this string, ':' and the declaration of the type argument"},
};

int host_document(as_engine *e)
{
    int r = as_addons_document(e);
    if (r >= 0) r = as_document_registrations(e, host_docs, sizeof host_docs / sizeof host_docs[0]);
    if (r >= 0) r = host_document_asrun(e);
    return r;
}

/* A custom command line's own registrations (angelc_cli_main's setup). */
static angelc_cli_setup_fn custom_setup;
static void *custom_user;

void host_set_setup(angelc_cli_setup_fn setup, void *user)
{
    custom_setup = setup;
    custom_user = user;
}

int host_register(as_engine *e, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    as_engine_set_message_callback(e, message, NULL);
    int r;
    /* the add-ons asrun offers, filesystem included (the reference host has none) */
    if ((r = as_register_std_addons(e)) < 0) return r;
    if ((r = as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "void println(const string &in)", AS_FN(println), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "int native_add(int, int)", AS_FN(native_add), AS_CALL_CDECL, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "T tmpl_identity<T>(const T &in)", AS_FN(tmpl_identity), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "string tmpl_type_name<T>()", AS_FN(tmpl_type_name), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_method(e, "string", "string tmpl_with<T>(const T &in) const", AS_FN(tmpl_with), AS_CALL_GENERIC, NULL)) < 0)
        return r;
    if ((r = host_register_asrun(e, argc, argv)) < 0) return r;
    if (custom_setup && (r = custom_setup(e, custom_user)) < 0) {
        fprintf(stderr, "angelc: the program's own registrations failed (%s)\n", as_result_text(r));
        return r;
    }
    return 0;
}
