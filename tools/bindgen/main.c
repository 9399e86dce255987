/* angelc-bindgen: reads a C header with libclang and writes binding-toolkit code (angelc_bind.h)
 * for its functions, structs, enums and integer constants. docs/bindgen.md describes it.
 *
 *   angelc-bindgen [-c CONFIG] [-o OUT.c] HEADER [-- CLANG ARGS...]
 *
 * Exit status 0 when the output was written (declarations it cannot bind are listed in it and on
 * stderr), 1 for a header that does not parse, 2 for bad usage or configuration. */
#include "gen.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: angelc-bindgen [-c CONFIG] [-o OUT.c] [-q] HEADER [-- CLANG ARGS...]\n"
          "  writes angelc binding-toolkit code for HEADER's functions, structs, enums and constants\n"
          "  -c CONFIG  prefixes, renames, skips, ownership, namespace (docs/bindgen.md)\n"
          "  -o OUT.c   the output (default: standard output)\n"
          "  -q         do not list what is not bound on stderr (the output still lists it)\n",
          f);
}

static bool quiet;

void bg_refuse(bg_gen *g, const char *what, const char *fmt, ...)
{
    char why[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    for (char *p = why; *p; p++)
        if (*p == '*' && p[1] == '/') p[1] = ' ';   /* nothing ends the comment early */
    fprintf(g->refused, " *   %s: %s\n", what, why);
    if (!quiet) fprintf(stderr, "angelc-bindgen: not bound: %s: %s\n", what, why);
    g->nrefused++;
}

static const char runtime[] =
    "#if defined(__GNUC__) || defined(__clang__)\n"
    "#define BG_UNUSED __attribute__((unused))\n"
    "#else\n"
    "#define BG_UNUSED\n"
    "#endif\n\n"
    "/* A reference class's object: the library's pointer p, freed by destroy (NULL: borrowed) when\n"
    " * the last handle goes; keep is an object that must outlive this one (the owner of a borrowed\n"
    " * pointer, the object a result came from). */\n"
    "typedef struct bg_obj bg_obj;\n"
    "struct bg_obj { int refs; void *p; bg_obj *keep; void (*destroy)(void *); };\n\n"
    "BG_UNUSED static void bg_obj_free(bg_obj *o)\n{\n"
    "    while (o) {\n"
    "        bg_obj *k = o->keep;\n"
    "        if (o->destroy && o->p) o->destroy(o->p);\n"
    "        free(o);\n"
    "        o = k && --k->refs == 0 ? k : NULL;\n"
    "    }\n}\n\n"
    "/* NULL for NULL (a null handle); else a new object with one reference, for the script. */\n"
    "BG_UNUSED static bg_obj *bg_obj_new(void *p, void (*destroy)(void *), bg_obj *keep)\n{\n"
    "    if (!p) return NULL;\n"
    "    bg_obj *o = calloc(1, sizeof *o);\n"
    "    if (!o) {\n"
    "        if (destroy) destroy(p);\n"
    "        as_context *ctx = as_active_context();\n"
    "        if (ctx) as_context_set_exception(ctx, \"out of memory\", true);\n"
    "        return NULL;\n"
    "    }\n"
    "    o->refs = 1;\n"
    "    o->p = p;\n"
    "    o->destroy = destroy;\n"
    "    if (keep) keep->refs++;\n"
    "    o->keep = keep;\n"
    "    return o;\n}\n\n"
    "/* item now belongs to owner: not freed with its handle, and keeps owner alive. */\n"
    "BG_UNUSED static void bg_obj_give(bg_obj *item, bg_obj *owner)\n{\n"
    "    bg_obj *old = item->keep;\n"
    "    item->destroy = NULL;\n"
    "    owner->refs++;\n"
    "    item->keep = owner;\n"
    "    if (old && --old->refs == 0) bg_obj_free(old);\n}\n\n"
    "/* An array<uint8>'s bytes (NULL when empty). */\n"
    "BG_UNUSED static void *bg_array_data(void *arr) { return as_array_size(arr) ? as_array_at(arr, 0) : NULL; }\n\n"
    "/* A string result the library allocated: kept until the next one (the toolkit copies it into\n"
    " * the script's string first), the last one freed at exit. */\n"
    "static char *bg_kept;\n"
    "static void (*bg_kept_free)(void *);\n"
    "static void bg_kept_release(void)\n{\n"
    "    if (bg_kept && bg_kept_free) bg_kept_free(bg_kept);\n"
    "    bg_kept = NULL;\n}\n"
    "BG_UNUSED static const char *bg_keep_string(char *s, void (*fr)(void *))\n{\n"
    "    static int registered;\n"
    "    if (!registered) registered = atexit(bg_kept_release) == 0;\n"
    "    bg_kept_release();\n"
    "    bg_kept = s;\n"
    "    bg_kept_free = fr;\n"
    "    return s ? s : \"\";\n}\n\n";

static FILE *memfile(char **text, size_t *len)
{
    FILE *f = open_memstream(text, len);
    if (!f) { perror("angelc-bindgen"); exit(2); }
    return f;
}

int main(int argc, char **argv)
{
    const char *config = NULL, *out_path = NULL, *header = NULL;
    const char *cargs[64];
    int ncargs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            for (i++; i < argc && ncargs < 60; i++) cargs[ncargs++] = argv[i];
            break;
        }
        if (strcmp(argv[i], "-c") == 0 && i + 1 < argc) config = argv[++i];
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out_path = argv[++i];
        else if (strcmp(argv[i], "-q") == 0) quiet = true;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) { usage(stdout); return 0; }
        else if (argv[i][0] == '-' || header) { usage(stderr); return 2; }
        else header = argv[i];
    }
    if (!header) { usage(stderr); return 2; }
    bg_config cfg;
    if (!bg_config_load(&cfg, config)) { bg_config_free(&cfg); return 2; }
    for (int i = 0; i < cfg.n && ncargs < 62; i++)
        if (strcmp(cfg.d[i].word, "clang-arg") == 0) cargs[ncargs++] = cfg.d[i].arg[0];
    cargs[ncargs++] = "-xc";

    static bg_gen gen;
    bg_gen *g = &gen;
    g->cfg = &cfg;
    g->header = header;
    g->include = bg_config_get(&cfg, "include");
    g->ns = bg_config_get(&cfg, "namespace");
    if (!g->ns) g->ns = "";
    g->id = bg_config_get(&cfg, "name");
    if (!g->id) g->id = "bindgen";
    CXIndex index = clang_createIndex(0, 1);
    enum CXErrorCode err = clang_parseTranslationUnit2(index, header, cargs, ncargs, NULL, 0,
                                                       CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_SkipFunctionBodies,
                                                       &g->tu);
    int status = 0;
    if (err != CXError_Success || !g->tu) {
        fprintf(stderr, "angelc-bindgen: %s: cannot parse the header\n", header);
        status = 1;
        goto done;
    }
    for (unsigned i = 0; i < clang_getNumDiagnostics(g->tu); i++) {
        CXDiagnostic d = clang_getDiagnostic(g->tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            char msg[600];
            bg_str(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()), msg, sizeof msg);
            fprintf(stderr, "angelc-bindgen: %s\n", msg);
            status = 1;
        }
        clang_disposeDiagnostic(d);
    }
    if (status) goto done;

    g->helpers = memfile(&g->helpers_text, &g->helpers_len);
    g->wrappers = memfile(&g->wrappers_text, &g->wrappers_len);
    g->types = memfile(&g->types_text, &g->types_len);
    g->members = memfile(&g->members_text, &g->members_len);
    g->refused = memfile(&g->refused_text, &g->refused_len);
    bg_scan(g);
    bg_emit_enums(g);
    bg_emit_classes(g);
    for (int i = 0; i < g->nfn; i++) bg_function(g, g->fn[i]);
    bg_emit_constants(g);
    fclose(g->helpers);
    fclose(g->wrappers);
    fclose(g->types);
    fclose(g->members);
    fclose(g->refused);

    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "angelc-bindgen: cannot write %s\n", out_path);
        status = 2;
        goto done;
    }
    fprintf(out, "/* Generated by angelc-bindgen from %s%s%s: do not edit (edit the configuration).\n"
                 " * %d functions (%d also methods), %d classes, %d enums, %d constants bound; %d declarations not bound:\n%s */\n",
            header, config ? " with " : "", config ? config : "", g->nfunctions, g->nmethods, g->nclasses, g->nenums, g->nconstants,
            g->nrefused, g->refused_text);
    fprintf(out, "#include \"angelc.h\"\n#include \"angelc_addons.h\"\n#include \"angelc_bind.h\"\n");
    if (g->include) fprintf(out, "#include %s\n", g->include);
    else fprintf(out, "#include \"%s\"\n", header);
    fprintf(out, "#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n%s", runtime);
    fprintf(out, "%s\n%s", g->helpers_text, g->wrappers_text);
    const char *ns = g->ns;
    fprintf(out, "AS_BIND_TYPES(%s_types, AS_BIND_EARLY)\n{\n    AS_NAMESPACE(b, \"%s\") {\n%s    }\n}\n\n", g->id, ns, g->types_text);
    fprintf(out, "AS_BIND(%s_members, AS_BIND_NORMAL)\n{\n    AS_NAMESPACE(b, \"%s\") {\n%s    }\n}\n", g->id, ns, g->members_text);
    if (out != stdout && fclose(out) != 0) status = 2;
    fprintf(stderr, "angelc-bindgen: %s: %d functions, %d classes, %d enums, %d constants; %d not bound\n", header,
            g->nfunctions, g->nclasses, g->nenums, g->nconstants, g->nrefused);
done:
    free(g->helpers_text);
    free(g->wrappers_text);
    free(g->types_text);
    free(g->members_text);
    free(g->refused_text);
    for (int i = 0; i < g->nnames; i++) free(g->names[i]);
    if (g->tu) clang_disposeTranslationUnit(g->tu);
    clang_disposeIndex(index);
    bg_config_free(&cfg);
    return status;
}
