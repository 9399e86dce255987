/* Helpers the binding toolkit's tests share: messages collected into a buffer, scripts built and
 * run with the string add-on and a print that appends to an output buffer. */
#ifndef ANGELC_TEST_BIND_SUPPORT_H
#define ANGELC_TEST_BIND_SUPPORT_H
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include "check.h"

static char messages[16384];
static char output[16384];

static void collect(const as_message *m, void *user)
{
    (void)user;
    size_t n = strlen(messages);
    static const char *const kinds[] = {"error", "warning", "info"};
    snprintf(messages + n, sizeof messages - n, "%s:%d: %s: %s\n", m->section, m->row, kinds[m->type], m->message);
}

static void print_fn(as_generic *g)
{
    size_t len;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &len);
    size_t n = strlen(output);
    snprintf(output + n, sizeof output - n, "%.*s\n", (int)len, s);
}

/* An engine with string, array and print, messages collected. */
static as_engine *test_engine(void)
{
    messages[0] = output[0] = 0;
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, collect, NULL);
    as_register_string(e);
    as_register_array(e, true);
    as_register_global_function(e, "void print(const string &in)", AS_FN(print_fn), AS_CALL_GENERIC, NULL);
    return e;
}

/* Builds src as module "m"; NULL (messages kept) if it does not compile. */
__attribute__((unused)) static as_module *build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "test.as", src, strlen(src), 0);
    return as_module_build(m) < 0 ? NULL : m;
}

/* Builds and runs void main(); returns the context's state (-1 if it did not compile). */
__attribute__((unused)) static int run(as_engine *e, const char *src)
{
    as_module *m = build(e, src);
    if (!m) return -1;
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, as_module_function_by_decl(m, "void main()"));
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_EXCEPTION) {
        size_t n = strlen(messages);
        snprintf(messages + n, sizeof messages - n, "exception: %s\n", as_context_exception_string(ctx));
    }
    as_context_destroy(ctx);
    return r;
}

/* REQUIRE that shows the messages collected so far when it fails */
#define REQUIRE_M(c) do { if (!(c)) { fprintf(stderr, "%s:%d: required check failed: %s\nmessages:\n%s", __FILE__, __LINE__, #c, messages); exit(1); } } while (0)
#define HAS(text, sub) (strstr((text), (sub)) != NULL)
#define EXPECT_OUTPUT(want) do { if (!STREQ(output, want)) { fprintf(stderr, "%s:%d: output:\n%s---\nwanted:\n%s---\nmessages:\n%s", __FILE__, __LINE__, output, want, messages); failures++; } } while (0)
#define EXPECT_MESSAGE(sub) do { if (!HAS(messages, sub)) { fprintf(stderr, "%s:%d: no message '%s' in:\n%s", __FILE__, __LINE__, sub, messages); failures++; } } while (0)
/* EXPECT_MESSAGE of "FILE:LINE: text": a bind's message at a line of this test's file (named
 * without its directory, as the toolkit names it). */
#define EXPECT_MESSAGE_AT(line, text) expect_message_at(__FILE__, __LINE__, (line), (text))
static inline void expect_message_at(const char *file, int at, int line, const char *text)
{
    const char *base = strrchr(file, '/');
    char want[600];
    snprintf(want, sizeof want, "%s:%d: %s", base ? base + 1 : file, line, text);
    if (!HAS(messages, want)) {
        fprintf(stderr, "%s:%d: no message '%s' in:\n%s", file, at, want, messages);
        failures++;
    }
}

#endif
