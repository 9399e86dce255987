/* The `filesystem` add-on: a reference type for working with directories and files, with the
 * script interface of the reference's scriptfilesystem add-on (AngelScript 2.38, POSIX build).
 * Registered with the generic convention through the public API.
 *
 * Relative paths are taken from the object's current path (the process's working directory at
 * first); paths starting with '/' or '\' or holding ':' are absolute. As in the reference,
 * changeCurrentPath turns backslashes into slashes (2.37) and drops trailing slashes, nothing
 * more (no normalisation of "." or ".."), and keeps the old path when the new one is not a
 * directory (an empty new path, from "/", counts as the old path plus "/"); the other methods
 * take their paths as given. (quirk) isLink follows links and reports true for any regular file
 * (it tests the mode against S_IFLNK, which shares a bit with S_IFREG). */
#define _XOPEN_SOURCE 700
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include "datetime.h"
#include "sandbox.h"
#include "str.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct script_fs {
    int refcount;
    as_str path;            /* the current path */
} script_fs;

static script_fs *self(as_generic *g) { return as_generic_object(g); }

static bool is_absolute(const char *p, size_t n)
{
    return (n && (p[0] == '/' || p[0] == '\\')) || memchr(p, ':', n) != NULL;
}

/* The path the script means by `path` (absolute, or under the current path), as a C string to
 * free; NULL (with an exception) if out of memory. */
static char *resolve(const script_fs *fs, const void *path)
{
    size_t n;
    const char *p = as_string_data(path, &n);
    bool abs = is_absolute(p, n);
    size_t base = abs ? 0 : fs->path.len + 1;
    char *r = mem_alloc(base + n + 1);
    if (!r) {
        addon_raise("Out of memory");
        return NULL;
    }
    if (!abs) {
        memcpy(r, str_cdata(&fs->path), fs->path.len);
        r[fs->path.len] = '/';
    }
    memcpy(r + base, p, n);
    r[base + n] = 0;
    return r;
}

/* resolve() for a path the script is about to use: NULL (with the exception raised) also when
 * the engine's confinement (as_confine_files) refuses it. */
static char *resolve_for(as_generic *g, const void *path, sandbox_access access)
{
    char *full = resolve(self(g), path);
    if (full && !sandbox_allows(as_generic_engine(g), full, access)) {
        mem_free(full);
        return NULL;
    }
    return full;
}

static bool stat_dir(const char *full)
{
    struct stat st;
    return stat(full, &st) == 0 && S_ISDIR(st.st_mode);
}

static void f_factory(as_generic *g)
{
    script_fs *fs = mem_calloc(1, sizeof *fs);
    if (!fs) {
        addon_raise("Out of memory");
        as_generic_set_return_address(g, NULL);
        return;
    }
    fs->refcount = 1;
    str_init(&fs->path);
    char buf[4096];
    if (getcwd(buf, sizeof buf)) str_set(&fs->path, buf, strlen(buf));
    as_generic_set_return_address(g, fs);
}

static void f_addref(as_generic *g) { self(g)->refcount++; }

static void f_release(as_generic *g)
{
    script_fs *fs = self(g);
    if (--fs->refcount == 0) {
        str_free(&fs->path);
        mem_free(fs);
    }
}

/* The new path is checked before it replaces the old one, as a path relative to the old one
 * when it is empty (what "/" becomes without its trailing slash). */
static void m_change_path(as_generic *g)
{
    script_fs *fs = self(g);
    char *full = resolve(fs, as_generic_arg_object(g, 0));
    if (!full) return;
    size_t n = strlen(full);
    for (size_t i = 0; i < n; i++)
        if (full[i] == '\\') full[i] = '/';
    while (n && full[n - 1] == '/') full[--n] = 0;
    as_str np;
    str_init(&np);
    str_set(&np, full, n);
    mem_free(full);
    char *check = resolve_for(g, &np, SANDBOX_READ);
    bool ok = check && stat_dir(check);
    mem_free(check);
    if (ok) str_set(&fs->path, str_cdata(&np), np.len);
    str_free(&np);
    as_generic_set_return_byte(g, ok);
}

static void m_get_path(as_generic *g)
{
    as_str *r = as_generic_return_location(g);
    str_init(r);
    const script_fs *fs = self(g);
    str_set(r, str_cdata(&fs->path), fs->path.len);
}

static void m_is_dir(as_generic *g)
{
    char *full = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_READ);
    as_generic_set_return_byte(g, full && stat_dir(full));
    mem_free(full);
}

static void m_is_link(as_generic *g)
{
    char *full = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_READ);
    struct stat st;
    as_generic_set_return_byte(g, full && stat(full, &st) == 0 && (st.st_mode & S_IFLNK) != 0);
    mem_free(full);
}

static void m_get_size(as_generic *g)
{
    char *full = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_READ);
    struct stat st;
    int64_t size = full && stat(full, &st) == 0 ? (int64_t)st.st_size : -1;
    mem_free(full);
    as_generic_set_return_qword(g, (uint64_t)size);
}

/* The names in the current directory (not starting with '.') that are directories (or not). */
static void list(as_generic *g, bool dirs)
{
    script_fs *fs = self(g);
    void *arr = as_array_create(as_generic_auxiliary(g), 0);
    if (!arr) {
        addon_raise("Out of memory");
        as_generic_set_return_address(g, NULL);
        return;
    }
    DIR *d = sandbox_allows(as_generic_engine(g), str_cdata(&fs->path), SANDBOX_READ) ? opendir(str_cdata(&fs->path)) : NULL;
    struct dirent *ent;
    while (d && (ent = readdir(d)) != NULL) {
        if (ent->d_name[0] == '.') continue;
        size_t n = strlen(ent->d_name);
        char *full = mem_alloc(fs->path.len + n + 2);
        if (!full) break;
        memcpy(full, str_cdata(&fs->path), fs->path.len);
        full[fs->path.len] = '/';
        memcpy(full + fs->path.len + 1, ent->d_name, n + 1);
        struct stat st;
        bool keep = stat(full, &st) == 0 && S_ISDIR(st.st_mode) == dirs;
        mem_free(full);
        if (!keep) continue;
        uint32_t i = as_array_size(arr);
        if (!as_array_resize(arr, i + 1)) break;
        as_string_assign(as_array_at(arr, i), ent->d_name, n);
    }
    if (d) closedir(d);
    as_generic_set_return_address(g, arr);
}

static void m_get_dirs(as_generic *g) { list(g, true); }
static void m_get_files(as_generic *g) { list(g, false); }

static void path_op(as_generic *g, int (*op)(const char *))
{
    char *full = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_WRITE);
    int r = full && op(full) == 0 ? 0 : -1;
    mem_free(full);
    as_generic_set_return_dword(g, (uint32_t)r);
}

static int make_dir(const char *p) { return mkdir(p, 0777); }

static void m_make_dir(as_generic *g) { path_op(g, make_dir); }
static void m_remove_dir(as_generic *g) { path_op(g, rmdir); }
static void m_delete_file(as_generic *g) { path_op(g, unlink); }

static void m_copy_file(as_generic *g)
{
    char *src = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_READ);
    char *dst = src ? resolve_for(g, as_generic_arg_object(g, 1), SANDBOX_WRITE) : NULL;
    bool failed = !src || !dst;
    FILE *in = failed ? NULL : fopen(src, "rb");
    FILE *out = in ? fopen(dst, "wb") : NULL;
    if (!in || !out) failed = true;
    char buf[4096];
    size_t n;
    while (!failed && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n) failed = true;
    if (in) fclose(in);
    if (out) fclose(out);
    mem_free(src);
    mem_free(dst);
    as_generic_set_return_dword(g, (uint32_t)(failed ? -1 : 0));
}

static void m_move(as_generic *g)
{
    char *src = resolve_for(g, as_generic_arg_object(g, 0), SANDBOX_WRITE);
    char *dst = src ? resolve_for(g, as_generic_arg_object(g, 1), SANDBOX_WRITE) : NULL;
    int r = src && dst && rename(src, dst) == 0 ? 0 : -1;
    mem_free(src);
    mem_free(dst);
    as_generic_set_return_dword(g, (uint32_t)r);
}

static void file_time(as_generic *g, bool modify)
{
    as_datetime *r = as_generic_return_location(g);
    r->ns = 0;
    char *full = resolve(self(g), as_generic_arg_object(g, 0));
    if (full && !sandbox_allows(as_generic_engine(g), full, SANDBOX_READ)) {
        mem_free(full);
        return;
    }
    struct stat st;
    if (!full || stat(full, &st) != 0) {
        mem_free(full);
        addon_raise(modify ? "Failed to get file modify date/time" : "Failed to get file creation date/time");
        return;
    }
    mem_free(full);
    r->ns = (int64_t)(modify ? st.st_mtime : st.st_ctime) * AS_DATETIME_NS_PER_SEC;
}

static void m_create_time(as_generic *g) { file_time(g, false); }
static void m_modify_time(as_generic *g) { file_time(g, true); }

int as_register_filesystem(as_engine *e)
{
    int r = as_register_object_type(e, "filesystem", 0, AS_OBJ_REF);
    if (r < 0) return r;
    if ((r = as_register_object_behaviour(e, "filesystem", AS_BEHAVE_FACTORY, "filesystem @f()", AS_FN(f_factory), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "filesystem", AS_BEHAVE_ADDREF, "void f()", AS_FN(f_addref), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "filesystem", AS_BEHAVE_RELEASE, "void f()", AS_FN(f_release), AS_CALL_GENERIC, NULL)) < 0) return r;
    as_type *strings = as_engine_type_by_decl(e, "array<string>");
    bool have_datetime = as_engine_type_by_name(e, "datetime") != NULL;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
        int needs;   /* 1: array<string>, 2: datetime */
    } methods[] = {
        {"bool changeCurrentPath(const string &in)", m_change_path, 0},
        {"string getCurrentPath() const", m_get_path, 0},
        {"array<string> @getDirs() const", m_get_dirs, 1},
        {"array<string> @getFiles() const", m_get_files, 1},
        {"bool isDir(const string &in) const", m_is_dir, 0},
        {"bool isLink(const string &in) const", m_is_link, 0},
        {"int64 getSize(const string &in) const", m_get_size, 0},
        {"int makeDir(const string &in)", m_make_dir, 0},
        {"int removeDir(const string &in)", m_remove_dir, 0},
        {"int deleteFile(const string &in)", m_delete_file, 0},
        {"int copyFile(const string &in, const string &in)", m_copy_file, 0},
        {"int move(const string &in, const string &in)", m_move, 0},
        {"datetime getCreateDateTime(const string &in) const", m_create_time, 2},
        {"datetime getModifyDateTime(const string &in) const", m_modify_time, 2},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        if ((methods[i].needs == 1 && !strings) || (methods[i].needs == 2 && !have_datetime)) continue;
        if ((r = as_register_object_method(e, "filesystem", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, strings)) < 0)
            return r;
    }
    return 0;
}
