/* File confinement for untrusted scripts (issue 32): the directories the file and filesystem
 * add-ons may use, and how much the engine's scripts may write. Kept in the engine's user data.
 *
 * A path is checked as the operating system will see it: made absolute, then resolved with
 * realpath(), so `..`, `.` and symbolic links (also links inside an allowed directory that point
 * out of it) are followed before the comparison. A path that does not exist yet (a file about to
 * be created) is checked through its directory, which must exist and resolve inside; its last
 * component may not be `.` or `..`. A root matches itself and what is below it, on a `/` boundary
 * (`/data/a` does not allow `/data/ab`). The check and the use are two steps: a process that
 * changes the directories in between (swapping a directory for a link) is outside what this
 * guards against; the documentation says so. */
#define _XOPEN_SOURCE 700
#include "angelc_addons.h"
#include "sandbox.h"
#include "addon_value.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct confinement {
    int count;
    char **roots;           /* resolved absolute paths */
    bool *writable;
    uint64_t max_write;     /* 0: no limit */
    uint64_t written;
} confinement;

static const char confinement_tag;
#define CONFINEMENT_KEY ((uintptr_t)&confinement_tag)

static void confinement_free(confinement *c)
{
    if (!c) return;
    for (int i = 0; i < c->count; i++) free(c->roots[i]);
    free(c->roots);
    free(c->writable);
    free(c);
}

static void on_engine_gone(void *owner, void *data, uintptr_t key)
{
    (void)owner;
    (void)key;
    confinement_free(data);
}

int as_confine_files(as_engine *e, const as_file_root *roots, int count, uint64_t max_write_bytes)
{
    if (!e || count < 0 || (count > 0 && !roots)) return AS_INVALID_ARG;
    confinement *c = calloc(1, sizeof *c);
    if (!c) return AS_OUT_OF_MEMORY;
    c->roots = calloc((size_t)count + 1, sizeof *c->roots);
    c->writable = calloc((size_t)count + 1, sizeof *c->writable);
    if (!c->roots || !c->writable) {
        confinement_free(c);
        return AS_OUT_OF_MEMORY;
    }
    c->max_write = max_write_bytes;
    for (int i = 0; i < count; i++) {
        char *real = roots[i].path ? realpath(roots[i].path, NULL) : NULL;
        if (!real) {
            char msg[PATH_MAX + 64];
            snprintf(msg, sizeof msg, "as_confine_files: '%s' is not a directory that exists",
                     roots[i].path ? roots[i].path : "(null)");
            as_engine_write_message(e, "", 0, 0, AS_MSG_ERROR, msg);
            confinement_free(c);
            return AS_INVALID_ARG;
        }
        c->roots[c->count] = real;
        c->writable[c->count++] = roots[i].writable;
    }
    as_engine_set_user_data_cleanup(e, AS_UD_ENGINE, CONFINEMENT_KEY, on_engine_gone);
    confinement_free(as_engine_set_user_data(e, c, CONFINEMENT_KEY));
    return AS_SUCCESS;
}

/* Whether resolved path p is root r or below it. */
static bool inside(const char *p, const char *r)
{
    size_t n = strlen(r);
    if (n == 1 && r[0] == '/') return true;
    return strncmp(p, r, n) == 0 && (p[n] == 0 || p[n] == '/');
}

/* The path as the system resolves it, malloc'd. For a path that does not exist (yet), its
 * longest leading part that exists, resolved, plus the rest as written, which then may not hold
 * a `..` (nothing below a missing directory can lead back out, but `..` could climb the part
 * that exists). NULL when nothing resolves. */
static char *resolve_path(const char *path)
{
    char *real = realpath(path, NULL);
    if (real || errno != ENOENT) return real;
    size_t n = strlen(path);
    char *head = malloc(n + 3);
    if (!head) return NULL;
    memcpy(head, path, n + 1);
    size_t cut = n;
    for (;;) {
        while (cut > 0 && head[cut - 1] != '/') cut--;     /* drop the last component */
        const char *rest = path + cut;
        if (strcmp(rest, "..") == 0 || strncmp(rest, "../", 3) == 0 || strstr(rest, "/../") ||
            (strlen(rest) >= 3 && strcmp(rest + strlen(rest) - 3, "/..") == 0)) break;
        if (cut == 0) strcpy(head, ".");
        else head[cut] = 0;
        char *dir = realpath(head, NULL);
        if (dir) {
            size_t dn = strlen(dir), rn = strlen(rest);
            real = malloc(dn + rn + 2);
            if (real) {
                memcpy(real, dir, dn);
                real[dn] = '/';
                memcpy(real + dn + (dn == 1 ? 0 : 1), rest, rn + 1);
            }
            free(dir);
            break;
        }
        if (errno != ENOENT || cut == 0) break;
        while (cut > 0 && head[cut - 1] == '/') cut--;
        if (cut == 0) break;
    }
    free(head);
    return real;
}

static void refuse(const char *rule, const char *path)
{
    char msg[512];
    snprintf(msg, sizeof msg, "sandbox: %s: '%.400s'", rule, path);
    addon_raise(msg);
}

bool sandbox_allows(as_engine *e, const char *path, sandbox_access access)
{
    confinement *c = as_engine_get_user_data(e, CONFINEMENT_KEY);
    if (!c) return true;
    char *real = resolve_path(path);
    if (!real) {
        refuse("the path does not resolve inside the allowed directories", path);
        return false;
    }
    bool readable = false, writable = false;
    for (int i = 0; i < c->count; i++) {
        if (!inside(real, c->roots[i])) continue;
        readable = true;
        writable = writable || c->writable[i];
    }
    free(real);
    if (!readable) refuse("outside the directories this script may use", path);
    else if (access == SANDBOX_WRITE && !writable) refuse("in a directory this script may only read", path);
    return readable && (access == SANDBOX_READ || writable);
}

bool sandbox_may_write(as_engine *e, size_t n)
{
    confinement *c = as_engine_get_user_data(e, CONFINEMENT_KEY);
    if (!c || !c->max_write) return true;
    if (n > c->max_write - c->written) {
        char msg[128];
        snprintf(msg, sizeof msg, "sandbox: the scripts may write %llu bytes in all", (unsigned long long)c->max_write);
        addon_raise(msg);
        return false;
    }
    c->written += n;
    return true;
}
