/* The `file` add-on: a reference type for reading and writing files, with the script interface of
 * the reference's scriptfile add-on (AngelScript 2.35.1, with write operations). Registered with
 * the generic convention through the public API.
 *
 * Files are opened in binary mode ("r", "w" or "a"); integers and floats are read and written
 * in little-endian byte order unless mostSignificantByteFirst is set. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include "sandbox.h"
#include "str.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct script_file {
    int refcount;
    FILE *fp;
    as_engine *engine;      /* whose confinement counts the bytes written (set by open) */
    bool msb_first;         /* the script's mostSignificantByteFirst */
} script_file;

static script_file *self(as_generic *g) { return as_generic_object(g); }

static as_str *ret_str(as_generic *g)
{
    as_str *s = as_generic_return_location(g);
    str_init(s);
    return s;
}

static void f_factory(as_generic *g)
{
    script_file *f = mem_calloc(1, sizeof *f);
    if (!f) addon_raise("Out of memory");
    else f->refcount = 1;
    as_generic_set_return_address(g, f);
}

static int file_close(script_file *f)
{
    if (!f->fp) return -1;
    fclose(f->fp);
    f->fp = NULL;
    return 0;
}

static void f_addref(as_generic *g) { self(g)->refcount++; }

static void f_release(as_generic *g)
{
    script_file *f = self(g);
    if (--f->refcount == 0) {
        file_close(f);
        mem_free(f);
    }
}

/* int open(const string &in filename, const string &in mode): 0, or -1 (bad mode, no file) */
static void m_open(as_generic *g)
{
    script_file *f = self(g);
    size_t nl, ml;
    const char *name = as_string_data(as_generic_arg_object(g, 0), &nl);
    const char *mode = as_string_data(as_generic_arg_object(g, 1), &ml);
    file_close(f);
    if (ml != 1 || (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a')) {
        as_generic_set_return_dword(g, (uint32_t)-1);
        return;
    }
    char m[3] = {mode[0], 'b', 0};
    /* the name ends at an embedded NUL, as a C string would */
    char *path = mem_alloc(nl + 1);
    if (!path) {
        addon_raise("Out of memory");
        return;
    }
    memcpy(path, name, nl);
    path[nl] = 0;
    f->engine = as_generic_engine(g);
    if (!sandbox_allows(f->engine, path, mode[0] == 'r' ? SANDBOX_READ : SANDBOX_WRITE)) {
        mem_free(path);
        as_generic_set_return_dword(g, (uint32_t)-1);
        return;
    }
    f->fp = fopen(path, m);
    mem_free(path);
    as_generic_set_return_dword(g, f->fp ? 0 : (uint32_t)-1);
}

static void m_close(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)file_close(self(g))); }

static void m_get_size(as_generic *g)
{
    script_file *f = self(g);
    int size = -1;
    if (f->fp) {
        long pos = ftell(f->fp);
        fseek(f->fp, 0, SEEK_END);
        size = (int)ftell(f->fp);
        fseek(f->fp, pos, SEEK_SET);
    }
    as_generic_set_return_dword(g, (uint32_t)size);
}

static void m_is_eof(as_generic *g)
{
    script_file *f = self(g);
    as_generic_set_return_byte(g, !f->fp || feof(f->fp));
}

static void m_read_string(as_generic *g)
{
    script_file *f = self(g);
    uint32_t n = as_generic_arg_dword(g, 0);
    as_str *s = ret_str(g);
    if (!f->fp || n == 0) return;
    if (!str_reserve(s, n)) {
        addon_raise("Out of memory");
        return;
    }
    size_t got = fread(str_data(s), 1, n, f->fp);
    s->len = (uint32_t)got;
    str_data(s)[got] = 0;
}

/* Up to and including the next '\n' (or the end of the file). */
static void m_read_line(as_generic *g)
{
    script_file *f = self(g);
    as_str *s = ret_str(g);
    if (!f->fp) return;
    char buf[256];
    for (;;) {
        size_t n = 0;
        int c = 0;
        while (n < sizeof buf && (c = fgetc(f->fp)) != EOF) {
            buf[n++] = (char)c;
            if (c == '\n') break;
        }
        if (n && !str_append(s, buf, n)) {
            addon_raise("Out of memory");
            return;
        }
        if (c == EOF || c == '\n') return;
    }
}

/* The value of `bytes` bytes in the file's byte order; *top gets the most significant byte. */
static uint64_t read_bytes(script_file *f, uint32_t bytes, unsigned char *top)
{
    unsigned char buf[8] = {0};
    if (fread(buf, bytes, 1, f->fp) != 1) { /* a short read leaves the rest zero */ }
    uint64_t v = 0;
    for (uint32_t n = 0; n < bytes; n++) v |= (uint64_t)buf[n] << ((f->msb_first ? bytes - n - 1 : n) * 8);
    if (top) *top = buf[f->msb_first ? 0 : bytes - 1];
    return v;
}

/* int64 readInt(uint bytes): sign-extended from `bytes` bytes (at most 8). */
static void m_read_int(as_generic *g)
{
    script_file *f = self(g);
    uint32_t bytes = as_generic_arg_dword(g, 0);
    if (!f->fp || bytes == 0) {
        as_generic_set_return_qword(g, 0);
        return;
    }
    if (bytes > 8) bytes = 8;
    unsigned char top;
    uint64_t v = read_bytes(f, bytes, &top);
    if ((top & 0x80) && bytes < 8) v |= ~0ull << (bytes * 8);
    as_generic_set_return_qword(g, v);
}

static void m_read_uint(as_generic *g)
{
    script_file *f = self(g);
    uint32_t bytes = as_generic_arg_dword(g, 0);
    if (!f->fp || bytes == 0) {
        as_generic_set_return_qword(g, 0);
        return;
    }
    if (bytes > 8) bytes = 8;
    as_generic_set_return_qword(g, read_bytes(f, bytes, NULL));
}

static void m_read_float(as_generic *g)
{
    script_file *f = self(g);
    float v = 0;
    if (f->fp) {
        uint32_t bits = (uint32_t)read_bytes(f, 4, NULL);
        memcpy(&v, &bits, 4);
    }
    as_generic_set_return_float(g, v);
}

static void m_read_double(as_generic *g)
{
    script_file *f = self(g);
    double v = 0;
    if (f->fp) {
        uint64_t bits = read_bytes(f, 8, NULL);
        memcpy(&v, &bits, 8);
    }
    as_generic_set_return_double(g, v);
}

static void m_write_string(as_generic *g)
{
    script_file *f = self(g);
    size_t n;
    const char *d = as_string_data(as_generic_arg_object(g, 0), &n);
    if (!f->fp || !sandbox_may_write(f->engine, n)) {
        as_generic_set_return_dword(g, (uint32_t)-1);
        return;
    }
    as_generic_set_return_dword(g, (uint32_t)fwrite(d, 1, n, f->fp));
}

/* Writes the low `bytes` bytes of v; returns 1 if written (fwrite's count of items). */
static int write_bytes(script_file *f, uint64_t v, uint32_t bytes)
{
    if (!f->fp) return 0;
    if (bytes > 8) bytes = 8;
    if (bytes == 0 || !sandbox_may_write(f->engine, bytes)) return 0;
    unsigned char buf[8];
    for (uint32_t n = 0; n < bytes; n++) buf[n] = (unsigned char)(v >> ((f->msb_first ? bytes - n - 1 : n) * 8));
    return (int)fwrite(buf, bytes, 1, f->fp);
}

static void m_write_int(as_generic *g)
{
    as_generic_set_return_dword(g, (uint32_t)write_bytes(self(g), as_generic_arg_qword(g, 0), as_generic_arg_dword(g, 1)));
}

static void m_write_uint(as_generic *g)
{
    as_generic_set_return_dword(g, (uint32_t)write_bytes(self(g), as_generic_arg_qword(g, 0), as_generic_arg_dword(g, 1)));
}

/* (quirk) In most-significant-byte-first order the reference shifts by 4 bits per byte instead
 * of 8, so it writes bytes (bits >> 12), (bits >> 8), (bits >> 4), bits, each masked to 8 bits. */
static void m_write_float(as_generic *g)
{
    script_file *f = self(g);
    float v = as_generic_arg_float(g, 0);
    uint32_t bits;
    memcpy(&bits, &v, 4);
    if (f->fp && f->msb_first) {
        if (!sandbox_may_write(f->engine, 4)) {
            as_generic_set_return_dword(g, 0);
            return;
        }
        unsigned char buf[4];
        for (unsigned n = 0; n < 4; n++) buf[n] = (unsigned char)(bits >> ((3 - n) * 4));
        as_generic_set_return_dword(g, (uint32_t)fwrite(buf, 4, 1, f->fp));
        return;
    }
    as_generic_set_return_dword(g, (uint32_t)write_bytes(f, bits, 4));
}

static void m_write_double(as_generic *g)
{
    double v = as_generic_arg_double(g, 0);
    uint64_t bits;
    memcpy(&bits, &v, 8);
    as_generic_set_return_dword(g, (uint32_t)write_bytes(self(g), bits, 8));
}

static void m_get_pos(as_generic *g)
{
    script_file *f = self(g);
    as_generic_set_return_dword(g, (uint32_t)(f->fp ? (int)ftell(f->fp) : -1));
}

static void m_set_pos(as_generic *g)
{
    script_file *f = self(g);
    int pos = (int)as_generic_arg_dword(g, 0);
    as_generic_set_return_dword(g, (uint32_t)(f->fp && fseek(f->fp, pos, SEEK_SET) == 0 ? 0 : -1));
}

static void m_move_pos(as_generic *g)
{
    script_file *f = self(g);
    int delta = (int)as_generic_arg_dword(g, 0);
    as_generic_set_return_dword(g, (uint32_t)(f->fp && fseek(f->fp, delta, SEEK_CUR) == 0 ? 0 : -1));
}

int as_register_file(as_engine *e)
{
    int r = as_register_object_type(e, "file", 0, AS_OBJ_REF);
    if (r < 0) return r;
    if ((r = as_register_object_behaviour(e, "file", AS_BEHAVE_FACTORY, "file @f()", AS_FN(f_factory), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "file", AS_BEHAVE_ADDREF, "void f()", AS_FN(f_addref), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "file", AS_BEHAVE_RELEASE, "void f()", AS_FN(f_release), AS_CALL_GENERIC, NULL)) < 0) return r;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } methods[] = {
        {"int open(const string &in, const string &in)", m_open},
        {"int close()", m_close},
        {"int getSize() const", m_get_size},
        {"bool isEndOfFile() const", m_is_eof},
        {"string readString(uint)", m_read_string},
        {"string readLine()", m_read_line},
        {"int64 readInt(uint)", m_read_int},
        {"uint64 readUInt(uint)", m_read_uint},
        {"float readFloat()", m_read_float},
        {"double readDouble()", m_read_double},
        {"int writeString(const string &in)", m_write_string},
        {"int writeInt(int64, uint)", m_write_int},
        {"int writeUInt(uint64, uint)", m_write_uint},
        {"int writeFloat(float)", m_write_float},
        {"int writeDouble(double)", m_write_double},
        {"int getPos() const", m_get_pos},
        {"int setPos(int)", m_set_pos},
        {"int movePos(int)", m_move_pos},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, "file", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    r = as_register_object_property(e, "file", "bool mostSignificantByteFirst", (int)offsetof(script_file, msb_first));
    return r < 0 ? r : 0;
}
