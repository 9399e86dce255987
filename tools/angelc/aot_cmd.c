/* `angelc aot`: the script's functions written as C (as_aot_write_module, docs/aot.md), or with
 * --exe a standalone program: that C, the script's text and a main() that registers the C and
 * runs the script as `angelc run` does, built with the system C compiler against the libraries
 * beside this angelc. */
#define _POSIX_C_SOURCE 200809L
#include "aot_cmd.h"
#include "angelc_aot.h"
#include "host.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where the build put the headers and what a program linking the command line needs besides
 * its libraries (CMakeLists.txt sets them for the build tree). */
#ifndef ANGELC_AOT_INCLUDE_DIR
#define ANGELC_AOT_INCLUDE_DIR "/usr/include"
#endif
#ifndef ANGELC_AOT_CC
#define ANGELC_AOT_CC "cc"
#endif
#ifndef ANGELC_AOT_LINK_LIBS
#define ANGELC_AOT_LINK_LIBS "-lffi -lm -lpthread"
#endif

/* The C name of the registration function for script path: NAME_aot_register, NAME its base
 * name without .as, made an identifier. */
static void register_name(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = 0;
    if (!((*base >= 'a' && *base <= 'z') || (*base >= 'A' && *base <= 'Z') || *base == '_')) buf[n++] = '_';
    for (const char *p = base; *p && n + 20 < size; p++) {
        if (strcmp(p, ".as") == 0) break;
        char c = *p;
        buf[n++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
    }
    strcpy(buf + n, "_aot_register");
}

/* The whole of file path (malloc'ed, NUL-terminated), or NULL. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n + 1 < cap) break;
        char *more = realloc(buf, cap * 2);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    fclose(f);
    if (buf) buf[n] = 0;
    *len = n;
    return buf;
}

/* main() of a --exe program: the script's text, registration, then `angelc run` on it. */
static void write_exe_main(FILE *out, const char *script, const char *text, size_t len, const char *reg)
{
    fputs("\n/* ---- the program (angelc aot --exe) ---- */\n#include \"angelc_cli.h\"\n#include <stdlib.h>\n", out);
    fputs("static const char script_text[] =\n    \"", out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') fputs(i + 1 < len ? "\\n\"\n    \"" : "\\n", out);
        else if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 32 || c >= 127) fprintf(out, "\\%03o", c);
        else if (c == '?') fputs("\\?", out);   /* no trigraphs */
        else fputc(c, out);
    }
    fputs("\";\n\n", out);
    fputs("int main(int argc, char **argv)\n{\n"
          "    static const char script_name[] = \"",
          out);
    for (const char *p = script; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', out);
        fputc(*p, out);
    }
    fprintf(out, "\";\n    %s();\n", reg);
    fputs("    angelc_cli_set_embedded_script(script_name, script_text, sizeof script_text - 1);\n"
          "    /* `angelc run -- SCRIPT ARGS...` */\n"
          "    char **args = malloc(((size_t)argc + 4) * sizeof *args);\n"
          "    if (!args) return 2;\n"
          "    args[0] = argv[0];\n"
          "    args[1] = (char *)\"run\";\n"
          "    args[2] = (char *)\"--\";\n"
          "    args[3] = (char *)script_name;\n"
          "    for (int i = 1; i <= argc; i++) args[i + 3] = argv[i];\n"
          "    int status = angelc_cli_main(argc + 3, args, NULL, NULL);\n"
          "    free(args);\n"
          "    return status;\n}\n",
          out);
}

/* s in single quotes for sh. */
static void shell_quote(char *dst, size_t size, const char *s)
{
    size_t n = 0;
    if (n + 1 < size) dst[n++] = '\'';
    for (; *s && n + 5 < size; s++) {
        if (*s == '\'') {
            memcpy(dst + n, "'\\''", 4);
            n += 4;
        } else {
            dst[n++] = *s;
        }
    }
    if (n + 1 < size) dst[n++] = '\'';
    dst[n] = 0;
}

/* The directory of this program (for the libraries beside it), or "." */
static void self_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0) {
        snprintf(buf, size, ".");
        return;
    }
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (slash) *slash = 0;
}

static int build_exe(as_module *m, const char *script, const char *out_path)
{
    size_t len = 0;
    char *text = read_all(script, &len);
    if (!text) {
        fprintf(stderr, "angelc: aot: cannot read '%s'\n", script);
        return ANGELC_EXIT_ERROR;
    }
    char reg[256], c_path[4200], dir[4096], cmd[16384], q_inc[4200], q_c[4300], q_out[4300], libs[13000];
    register_name(script, reg, sizeof reg);
    snprintf(c_path, sizeof c_path, "%s.aot.c", out_path);
    FILE *f = fopen(c_path, "w");
    int r = f ? as_aot_write_module(m, f, script, reg) : -1;
    if (f && r >= 0) write_exe_main(f, script, text, len, reg);
    free(text);
    if (!f || fclose(f) != 0 || r < 0) {
        fprintf(stderr, "angelc: aot: cannot write '%s'\n", c_path);
        return ANGELC_EXIT_ERROR;
    }
    self_dir(dir, sizeof dir);
    /* the command line, its servers when built, the engine: the libraries beside angelc */
    static const char *const archives[] = {"libangelc_cli.a", "libangelc_servers.a", "libangelc.a"};
    size_t ln = 0;
    libs[0] = 0;
    for (size_t i = 0; i < sizeof archives / sizeof *archives; i++) {
        char path[4200], q[4300];
        snprintf(path, sizeof path, "%s/%s", dir, archives[i]);
        if (access(path, R_OK) != 0) {
            if (i == 1) continue;
            fprintf(stderr, "angelc: aot --exe: %s is not beside angelc (%s)\n", archives[i], dir);
            remove(c_path);
            return ANGELC_EXIT_ERROR;
        }
        shell_quote(q, sizeof q, path);
        ln += (size_t)snprintf(libs + ln, sizeof libs - ln, " %s", q);
    }
    shell_quote(q_inc, sizeof q_inc, ANGELC_AOT_INCLUDE_DIR);
    shell_quote(q_c, sizeof q_c, c_path);
    shell_quote(q_out, sizeof q_out, out_path);
    /* $CC, else the compiler the libraries were built with (its runtime, e.g. a sanitizer's), else cc */
    const char *cc = getenv("CC");
    if (!cc || !*cc) cc = access(ANGELC_AOT_CC, X_OK) == 0 ? ANGELC_AOT_CC : "cc";
    snprintf(cmd, sizeof cmd, "%s -O2 -I%s -o %s %s%s %s", cc, q_inc, q_out, q_c, libs, ANGELC_AOT_LINK_LIBS);
    int status = system(cmd);
    if (!getenv("ANGELC_AOT_KEEP_C")) remove(c_path);
    if (status != 0) {
        fprintf(stderr, "angelc: aot --exe: the C compiler failed: %s\n", cmd);
        return ANGELC_EXIT_ERROR;
    }
    return ANGELC_EXIT_OK;
}

int aot_command(as_module *m, const char *script, const char *out_path, bool exe)
{
    char def[4200];
    if (!out_path) {
        /* FILE.as: FILE_aot.c, or the program FILE */
        size_t n = strlen(script);
        if (n > 3 && strcmp(script + n - 3, ".as") == 0) n -= 3;
        snprintf(def, sizeof def, "%.*s%s", (int)n, script, exe ? "" : "_aot.c");
        if (exe && strcmp(def, script) == 0) snprintf(def, sizeof def, "%s.exe", script);
        out_path = def;
    }
    if (exe) return build_exe(m, script, out_path);
    char reg[256];
    register_name(script, reg, sizeof reg);
    FILE *f = strcmp(out_path, "-") == 0 ? stdout : fopen(out_path, "w");
    if (!f) {
        fprintf(stderr, "angelc: aot: cannot write '%s'\n", out_path);
        return ANGELC_EXIT_ERROR;
    }
    int r = as_aot_write_module(m, f, script, reg);
    if (f == stdout ? fflush(f) != 0 : fclose(f) != 0) r = -1;
    if (r < 0) {
        fprintf(stderr, "angelc: aot: cannot write '%s'\n", out_path);
        return ANGELC_EXIT_ERROR;
    }
    return ANGELC_EXIT_OK;
}
