/* Saved modules (as_module_save_bytecode / as_module_load_bytecode): the stream format and the
 * encoding helpers shared by bc_save.c, bc_load.c and bc_verify.c.
 *
 * A stream is a 32-byte header followed by the payload:
 *   "ANGELCBC"  u32 version  u32 flags (BC_FLAG_*)  u64 payload length  u64 FNV-1a of the payload
 * (with BC_FLAG_KEYED instead the payload's SipHash-2-4 under the engines' key, so that bytecode
 * edited without the key, its checksum recomputed or not, never loads)
 * All integers in the payload are LEB128 varints (signed ones zigzag-encoded), strings are a
 * length and the bytes, raw constants 8 little-endian bytes. The payload, in order:
 *   sections        names of the script sections (none when stripped)
 *   type shells     the module's types: kind, name, namespace, flags, size, gc bits
 *   type table      every type referred to: primitives, module types, registered types by name,
 *                   template instances (rebuilt from their template and subtypes), child funcdefs
 *   function shells every function of the module: kind, name, namespace
 *   global shells   the module's globals: name, namespace
 *   function table  module functions by index, registered ones by declaration, instances of
 *                   registered template functions by their template and subtypes
 *   global table    module globals by index, registered ones by name and declaration
 *   strings         the string constants
 *   type details, function details (signature, bytecode), global details
 *   lists           module functions, imports, initialisation order, the module's symbols
 *   end marker
 * References are table indices + 1 (0 is NULL); a table entry only refers to earlier entries. */
#ifndef AS_BYTECODE_H
#define AS_BYTECODE_H
#include "engine.h"

#define BC_MAGIC "ANGELCBC"
#define BC_VERSION 6u
#define BC_HEADER_SIZE 32
#define BC_FLAG_STRIPPED 1u
#define BC_FLAG_KEYED 2u
#define BC_END_MARKER 0xE5u

/* type table tags */
enum { TT_PRIM = 1, TT_NULL, TT_VAR, TT_MODULE, TT_REGISTERED, TT_INSTANCE, TT_CHILD };
/* function table tags */
enum { FT_MODULE = 1, FT_GLOBAL, FT_MEMBER, FT_SIGNATURE, FT_INSTANCE };
/* global table tags */
enum { GT_MODULE = 1, GT_REGISTERED };

/* The registered behaviours of a type in the order they are saved (after the factories). */
#define BC_BEHAVIOURS(X) X(list_factory) X(destruct) X(addref) X(release) X(get_weakref_flag) \
    X(template_callback) X(getrefcount) X(setgcflag) X(getgcflag) X(enumrefs) X(releaserefs)

uint64_t bc_checksum(const uint8_t *p, size_t n);
/* SipHash-2-4 of p[0..n) under a 16-byte key (as_engine_set_bytecode_key). */
uint64_t bc_mac(const uint8_t key[16], const uint8_t *p, size_t n);

/* ---- writing: a growing buffer ---- */
typedef struct bc_buf {
    uint8_t *p;
    size_t len, cap;
    bool failed;            /* out of memory */
} bc_buf;

void bw_bytes(bc_buf *b, const void *p, size_t n);
void bw_u8(bc_buf *b, unsigned v);
void bw_uv(bc_buf *b, uint64_t v);
void bw_sv(bc_buf *b, int64_t v);
void bw_u64(bc_buf *b, uint64_t v);     /* 8 bytes, little-endian */
void bw_str(bc_buf *b, const char *s);  /* NULL is written as "" */
void bw_strn(bc_buf *b, const char *s, size_t n);

/* ---- reading: bounds-checked; the first error sticks and later reads return zeros ---- */
typedef struct bc_reader {
    const uint8_t *p, *end;
    bool failed;
} bc_reader;

unsigned br_u8(bc_reader *r);
uint64_t br_uv(bc_reader *r);
int64_t br_sv(bc_reader *r);
uint64_t br_u64(bc_reader *r);
/* A varint below limit (else the read fails and 0 is returned). */
uint32_t br_index(bc_reader *r, uint32_t limit);
/* A count of items that each take at least one byte: no more than the bytes left (so a corrupt
 * count can't make a huge allocation), and at most max. */
uint32_t br_count(bc_reader *r, uint32_t max);
/* A string interned in the engine (NULL if the read failed). */
const char *br_str(bc_reader *r, as_engine *e);
/* The bytes of a string, not copied (*n gets the length). */
const uint8_t *br_bytes(bc_reader *r, size_t *n);

/* ---- pointer -> index maps for the saver ---- */
typedef struct bc_ptrmap {
    const void **keys;
    uint32_t *vals;
    uint32_t cap, count;
} bc_ptrmap;

/* The index stored for key, or -1. */
int64_t ptrmap_get(const bc_ptrmap *m, const void *key);
/* Stores key -> val (false if out of memory). */
bool ptrmap_put(bc_ptrmap *m, const void *key, uint32_t val);
void ptrmap_free(bc_ptrmap *m);

/* ---- loading (bc_load.c: the stream and the tables; bc_load_body.c: the details) ---- */
typedef struct bc_loader {
    as_module *m;
    as_engine *e;
    bc_reader r;
    bool strip;
    int err;                    /* first error: AS_ERROR (invalid stream), AS_INVALID_CONFIGURATION
                                   (the engine's registrations differ), AS_OUT_OF_MEMORY */
    uint32_t ntypes, nfuncs, nglobals;  /* the module's own, first in their tables */
    as_type **tt;        uint32_t ntt;
    as_function **ft;    uint32_t nft;
    as_global **gt;      uint32_t ngt;
    const void **strs;   uint32_t nstr;
} bc_loader;

/* Reports an invalid stream (what was wrong, for the message) and returns false. */
bool bl_corrupt(bc_loader *L, const char *what);
/* Reports a difference from the engine's registrations and returns false. */
bool bl_mismatch(bc_loader *L, const char *fmt, const char *name);
/* References: table index + 1, 0 for NULL. */
as_type *bl_type(bc_loader *L);
as_function *bl_func(bc_loader *L);
as_global *bl_global(bc_loader *L);
bool bl_dtype(bc_loader *L, as_dtype *out);

/* The details, after the shells and the tables (bc_load_body.c). */
bool bl_types(bc_loader *L);
bool bl_globals(bc_loader *L);
bool bl_functions(bc_loader *L);
bool bl_lists(bc_loader *L);

/* Checks the bytecode of f against its frame, constants, tables and the functions it calls
 * (bc_verify.c); on failure why gets the reason. */
bool bc_verify_function(const as_function *f, const bc_ptrmap *globals, char *why, size_t n);
/* Follows what each slot of f's frame may hold (a number, an address, null) through its code
 * and try handlers; false, with the function's instruction and slot in why, where a number may
 * be followed as an address or a registered function may get a null reference (bc_flow.c).
 * Runs after the shape checks of bc_verify_function, which calls it. */
bool bc_verify_flow(const as_function *f, char *why, size_t n);
/* Whether code can reach its end (the compiler leaves unreachable jumps to the end and
 * unreachable code without a return): the loader then appends a RET so it can't run off. */
bool bc_needs_sentinel(const as_bytecode *bc);
/* Bytes of storage behind a global's address, for the width of LDG/STG. */
int bc_global_storage(const as_global *g);

#endif
