/* Add-on values a C host reads and makes (issue 14):
 *  - `ref`: the object a script's ref holds, its type id, setting it from C;
 *  - `dictionary`: made in C, set/get of int64, double, string and handle values, exists,
 *    delete, size and keys, read by the script and filled by it;
 *  - `datetime`: its calendar fields, made from fields, refused out of range;
 *  - `string` by value through the native conventions: a CDECL function returning as_string
 *    ("string greet(const string &in)"), one taking a string by value, and a generic one
 *    constructing its result with as_string_init;
 *  - as_register_string alone registers formatInt ... parseFloat, format, scan and regexFind, as
 *    the reference's RegisterStdString (and as_register_string_utils after it still works). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static char printed[1024];
static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    size_t k = strlen(printed);
    snprintf(printed + k, sizeof printed - k, "%.*s\n", (int)n, s);
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_array(e, true) >= 0);
    REQUIRE(as_register_dictionary(e) >= 0);
    REQUIRE(as_register_handle(e) >= 0);
    REQUIRE(as_register_datetime(e) >= 0);
    REQUIRE(as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) >= 0);
    printed[0] = 0;
    return e;
}

static as_module *build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "m", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

/* Runs decl of m with one object argument (NULL: none); the context for the caller to read. */
static as_context *call(as_engine *e, as_module *m, const char *decl, void *arg)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, decl)) >= 0);
    if (arg) REQUIRE(as_context_set_arg_object(ctx, 0, arg) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    return ctx;
}

/* ---- ref ---- */

static void ref_values(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, "class Thing { int v = 7; }\n"
                            "Thing@ keep = Thing();\n"
                            "ref@ give() { ref r = keep; return r; }\n"
                            "ref@ giveNull() { ref r; return r; }\n"
                            "int read(ref &in r) { Thing@ t = cast<Thing>(r); return t is null ? -1 : t.v; }\n");
    as_type *thing = as_module_type_by_name(m, "Thing");
    int ref_tid = as_engine_type_id_by_decl(e, "ref");
    REQUIRE(ref_tid > 0);
    /* a ref a script returned: its object and type */
    void *r = as_engine_create_object(e, ref_tid);
    REQUIRE(r);
    as_context *ctx = call(e, m, "ref@ give()", NULL);
    void *given = as_context_return_object(ctx);
    REQUIRE(given);
    as_type *t = NULL;
    void *obj = as_ref_object(given, &t);
    void *keep = *(void **)as_module_global_address(m, as_module_global_index_by_name(m, "keep"));
    CHECK(obj == keep && t == thing);
    CHECK(as_ref_type_id(given) == (as_type_id(thing) | AS_TYPEID_OBJHANDLE));
    as_context_destroy(ctx);
    ctx = call(e, m, "ref@ giveNull()", NULL);
    CHECK(as_ref_object(as_context_return_object(ctx), &t) == NULL && t == NULL);
    CHECK(as_ref_type_id(as_context_return_object(ctx)) == 0);
    as_context_destroy(ctx);
    /* set from C and read by the script */
    void *made = as_engine_create_object(e, as_type_id(thing));
    REQUIRE(made);
    CHECK(as_ref_set(r, made, thing) == AS_SUCCESS);
    as_engine_release_object(e, made, as_type_id(thing));   /* the ref holds its own reference */
    ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int read(ref &in)")) >= 0);
    REQUIRE(as_context_set_arg_address(ctx, 0, r) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 7);
    as_context_destroy(ctx);
    /* value types can't be referred to; null clears */
    int dt_tid = as_engine_type_id_by_decl(e, "datetime");
    CHECK(as_ref_set(r, keep, as_engine_type_by_id(e, dt_tid)) == AS_INVALID_ARG);
    CHECK(as_ref_set(r, NULL, NULL) == AS_SUCCESS && as_ref_object(r, NULL) == NULL);
    CHECK(as_ref_set(NULL, NULL, NULL) == AS_INVALID_ARG);
    as_engine_release_object(e, r, ref_tid);
    as_engine_destroy(e);
}

/* ---- dictionary ---- */

static void dictionary_values(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, "class Thing { int v = 9; }\n"
                            "void show(dictionary @d) {\n"
                            "  print('' + int(d['n']) + ' ' + double(d['x']) + ' ' + string(d['s']) + ' ' + d.getSize());\n"
                            "  Thing@ t = cast<Thing>(d['h']); print(t is null ? 'null' : '' + t.v);\n"
                            "  d['added'] = 'by script'; d['count'] = 3; }\n"
                            "Thing@ make() { return Thing(); }\n");
    int dict_tid = as_engine_type_id_by_decl(e, "dictionary");
    int str_tid = as_engine_type_id_by_decl(e, "string");
    void *d = as_dictionary_create(e);
    REQUIRE(d);
    CHECK(as_dictionary_size(d) == 0);
    CHECK(as_dictionary_set_int(d, "n", -42));
    CHECK(as_dictionary_set_double(d, "x", 2.5));
    CHECK(as_dictionary_set_string(d, "s", "hello", 5));
    /* a handle: the address of the handle variable */
    as_context *mk = call(e, m, "Thing@ make()", NULL);
    void *thing = as_context_return_object(mk);
    int thing_h = as_type_id(as_module_type_by_name(m, "Thing")) | AS_TYPEID_OBJHANDLE;
    CHECK(as_dictionary_set(d, "h", &thing, thing_h));
    as_context_destroy(mk);            /* the dictionary keeps the object alive */
    short sh = 12;
    CHECK(as_dictionary_set(d, "short", &sh, AS_TYPEID_INT16));
    CHECK(as_dictionary_size(d) == 5);
    CHECK(as_dictionary_exists(d, "x") && !as_dictionary_exists(d, "y"));
    int64_t i = 0;
    double x = 0;
    CHECK(as_dictionary_get_int(d, "n", &i) && i == -42);
    CHECK(as_dictionary_get_int(d, "short", &i) && i == 12);
    CHECK(as_dictionary_get_double(d, "x", &x) && x == 2.5);
    CHECK(as_dictionary_get_double(d, "n", &x) && x == -42.0);   /* converted, as get() does */
    CHECK(!as_dictionary_get_int(d, "s", &i));
    int tid = 0;
    const void *sv = as_dictionary_value(d, "s", &tid);
    size_t len;
    CHECK(tid == str_tid && sv && STREQ(as_string_data(sv, &len), "hello") && len == 5);
    const void *hv = as_dictionary_value(d, "h", &tid);
    CHECK(tid == thing_h && hv && *(void *const *)hv != NULL);
    void *back = NULL;
    CHECK(as_dictionary_get(d, "h", &back, thing_h) && back == *(void *const *)hv);
    if (back) as_engine_release_object(e, back, thing_h);
    CHECK(as_dictionary_value(d, "missing", &tid) == NULL && tid == 0);
    /* keys in insertion order */
    CHECK(STREQ(as_dictionary_key(d, 0, &len), "n") && len == 1);
    CHECK(STREQ(as_dictionary_key(d, 4, NULL), "short"));
    CHECK(as_dictionary_key(d, 5, &len) == NULL && len == 0);
    CHECK(as_dictionary_delete(d, "short") && !as_dictionary_delete(d, "short"));
    /* the script reads what C put, and adds its own */
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void show(dictionary@)")) >= 0);
    REQUIRE(as_context_set_arg_object(ctx, 0, d) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
    CHECK(STREQ(printed, "-42 2.5 hello 4\n9\n"));
    CHECK(as_dictionary_get_int(d, "count", &i) && i == 3);
    sv = as_dictionary_value(d, "added", &tid);
    CHECK(tid == str_tid && STREQ(as_string_data(sv, NULL), "by script"));
    /* misuse */
    CHECK(!as_dictionary_set_int(NULL, "a", 1) && !as_dictionary_set_int(d, NULL, 1));
    CHECK(!as_dictionary_set(d, "v", NULL, AS_TYPEID_VOID));
    CHECK(!as_dictionary_exists(NULL, "a") && as_dictionary_size(NULL) == 0);
    as_engine_release_object(e, d, dict_tid);
    as_engine_destroy(e);
}

/* ---- datetime ---- */

static void datetime_values(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, "string show(const datetime &in d) { return d.year + '-' + d.month + '-' + d.day + ' ' + d.hour + ':' + d.minute + ':' + d.second; }\n"
                            "datetime make() { return datetime(2024, 2, 29, 13, 45, 30); }\n");
    int dt_tid = as_engine_type_id_by_decl(e, "datetime");
    as_datetime_parts p = {2021, 7, 4, 9, 5, 1, -1};
    void *dt = as_datetime_create(e, &p);
    REQUIRE(dt);
    as_datetime_parts q;
    CHECK(as_datetime_fields(dt, &q) == AS_SUCCESS);
    CHECK(q.year == 2021 && q.month == 7 && q.day == 4 && q.hour == 9 && q.minute == 5 && q.second == 1);
    CHECK(q.week_day == 0);   /* a Sunday */
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "string show(const datetime &in)")) >= 0);
    REQUIRE(as_context_set_arg_address(ctx, 0, dt) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(STREQ(as_string_data(as_context_return_object(ctx), NULL), "2021-7-4 9:5:1"));
    as_context_destroy(ctx);
    /* a script's datetime read from C */
    ctx = call(e, m, "datetime make()", NULL);
    CHECK(as_datetime_fields(as_context_return_object(ctx), &q) == AS_SUCCESS);
    CHECK(q.year == 2024 && q.month == 2 && q.day == 29 && q.hour == 13 && q.minute == 45 && q.second == 30 && q.week_day == 4);
    as_context_destroy(ctx);
    /* out of range: refused, unchanged */
    int64_t before = as_datetime_seconds(dt);
    as_datetime_parts bad = {2023, 2, 29, 0, 0, 0, 0};
    CHECK(as_datetime_set(dt, &bad) == AS_INVALID_ARG && as_datetime_seconds(dt) == before);
    CHECK(as_datetime_create(e, &bad) == NULL);
    as_datetime_parts later = p;
    later.second += 10;
    CHECK(as_datetime_set(dt, &later) == AS_SUCCESS && as_datetime_seconds(dt) == before + 10);
    void *now = as_datetime_create(e, NULL);
    CHECK(now && as_datetime_seconds(now) > before);
    as_engine_release_object(e, now, dt_tid);
    as_engine_release_object(e, dt, dt_tid);
    CHECK(as_datetime_fields(NULL, &q) == AS_INVALID_ARG);
    as_engine_destroy(e);
}

/* ---- string by value ---- */

static as_string greet(const void *name)
{
    size_t n;
    const char *s = as_string_data(name, &n);
    char buf[128];
    int k = snprintf(buf, sizeof buf, "hello, %.*s, from a long enough C string", (int)n, s);
    return as_string_make(buf, (size_t)k);
}

static as_string shout(as_string s)
{
    size_t n;
    const char *d = as_string_data(&s, &n);
    char buf[64];
    int k = snprintf(buf, sizeof buf, "%.*s!", (int)n, d);
    return as_string_make(buf, (size_t)k);   /* s stays the engine's */
}

static void twice_generic(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    char buf[64];
    int k = snprintf(buf, sizeof buf, "%.*s%.*s", (int)n, s, (int)n, s);
    as_string_init(as_generic_return_location(g), buf, (size_t)k);
}

static void string_by_value(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_global_function(e, "string greet(const string &in)", AS_FN(greet), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "string shout(string)", AS_FN(shout), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "string twice(const string &in)", AS_FN(twice_generic), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = build(e, "void main() { for (int i = 0; i < 3; i++) { string g = greet('bob'); print(g); }\n"
                            "  print(shout('hey')); print(shout(greet('x'))); print(twice('ab')); }\n");
    as_context_destroy(call(e, m, "void main()", NULL));
    CHECK(STREQ(printed, "hello, bob, from a long enough C string\nhello, bob, from a long enough C string\n"
                         "hello, bob, from a long enough C string\nhey!\nhello, x, from a long enough C string!\nabab\n"));
    /* a string the host made and kept */
    as_string s = as_string_make("kept", 4);
    size_t n;
    CHECK(STREQ(as_string_data(&s, &n), "kept") && n == 4);
    as_string_free(&s);
    CHECK(as_string_data(&s, &n)[0] == 0 && n == 0);
    as_engine_destroy(e);
}

/* ---- the string helpers come with the string type ---- */

static void string_helpers(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) >= 0);
    printed[0] = 0;
    as_module *m = build(e, "void main() {\n"
                            "  print(formatInt(42, '0', 5) + ' ' + parseInt('17') + ' ' + formatFloat(1.5, '', 0, 2) + ' ' +\n"
                            "        parseFloat('2.5') + ' ' + formatUInt(7) + ' ' + parseUInt('9'));\n"
                            "  int a; uint got = scan('5', a); uint l; int p = 'abc'.regexFind('b', 0, l);\n"
                            "  print(format('{} {}', a, got) + ' ' + p + ' ' + l); }\n");
    as_context_destroy(call(e, m, "void main()", NULL));
    CHECK(STREQ(printed, "00042 17 1.50 2.5 7 9\n5 1 1 1\n"));
    /* the utils add-on after it: split and join, nothing registered twice */
    REQUIRE(as_register_array(e, true) >= 0);
    CHECK(as_register_string_utils(e) >= 0);
    printed[0] = 0;
    m = build(e, "void main() { print(join('a,b'.split(','), '+') + formatInt(1)); }\n");
    as_context_destroy(call(e, m, "void main()", NULL));
    CHECK(STREQ(printed, "a+b1\n"));
    as_engine_destroy(e);
}

int main(void)
{
    group("ref", ref_values);
    group("dictionary", dictionary_values);
    group("datetime", datetime_values);
    group("string by value", string_by_value);
    group("string helpers with the string type", string_helpers);
    return failures ? 1 : 0;
}
