/* One-line documentation of the standard add-ons' script interface, for as_bind_dump (what
 * `angelc dump-api` prints for editors).
 *
 * The text is attached on request (as_addons_document), through the binding toolkit's own
 * documentation slots, rather than by each registration: registering the add-ons (every engine
 * a host starts) then costs nothing for it, and only a dump pays for the attaching. Entries are
 * by name, so overloads share one line: "string::substr" for a method, behaviour or property,
 * "string::string" for the constructors, "string" for the type, "print" (or "ns::name") for a
 * global function or funcdef. */
#include "angelc.h"
#include "angelc_addons.h"
#include "bind/bind_impl.h"
#include <stdio.h>
#include <string.h>

static const as_doc_entry addon_docs[] = {
    /* string (string.c, string_format.c, string_utils.c) */
    {"string", "text: a sequence of bytes (UTF-8 by convention), copied by value"},
    {"string::string", "an empty string, or a copy of another"},
    {"string::opAssign", "sets the text: a copy of a string, or a number or bool written as text"},
    {"string::opAddAssign", "appends a string, or a number or bool written as text"},
    {"string::opAdd", "the concatenation with a string, or with a number or bool written as text"},
    {"string::opAdd_r", "the concatenation of a number or bool written as text and this string"},
    {"string::opEquals", "whether both hold the same bytes"},
    {"string::opCmp", "compares byte by byte: negative, 0 or positive"},
    {"string::length", "the number of bytes"},
    {"string::resize", "makes the string that many bytes long (new bytes are 0)"},
    {"string::isEmpty", "whether the string has no bytes"},
    {"string::opIndex", "the byte at an index (an exception past the end)"},
    {"string::substr", "the part from start, count bytes long (-1: to the end)"},
    {"string::findFirst", "the index of the first occurrence of a string from start, or -1"},
    {"string::findFirstOf", "the index of the first byte that is one of the given ones, from start, or -1"},
    {"string::findFirstNotOf", "the index of the first byte that is none of the given ones, from start, or -1"},
    {"string::findLast", "the index of the last occurrence of a string at or before start (-1: the end), or -1"},
    {"string::findLastOf", "the index of the last byte that is one of the given ones, at or before start, or -1"},
    {"string::findLastNotOf", "the index of the last byte that is none of the given ones, at or before start, or -1"},
    {"string::insert", "inserts another string at a byte position"},
    {"string::erase", "removes count bytes (-1: all) from a position"},
    {"string::regexFind",
     "where the first match of a regular expression at or after start begins (from start), or -1; its length in lengthOfMatch"},
    {"string::split", "the parts between each occurrence of a delimiter"},
    {"formatInt", "an integer as text in width; options: l left-align, 0 zero-pad, + sign, space before positives, h/H hex"},
    {"formatUInt", "an unsigned integer as text, with formatInt's options and width"},
    {"formatFloat", "a number as text in width with precision decimals; options as formatInt's, e/E for the exponent form"},
    {"parseInt", "the integer at the start of a string in base 10 or 16 (no 0x); byteCount: bytes read"},
    {"parseUInt", "the unsigned integer at the start of a string in base 10 or 16; byteCount: bytes read"},
    {"parseFloat", "the number at the start of a string; byteCount: bytes read"},
    {"format", "fmt with each {...} replaced by the next argument as text ({{ and }} are braces)"},
    {"scan", "fills the arguments in order from the white-space separated words of str; returns how many it filled"},
    {"join", "the strings of an array with a delimiter between each two"},

    /* array<T> (array.c) */
    {"array", "a resizable list of values of type T (also written T[]), indexed from 0"},
    {"array::less", "the order sort(less) uses: true when a goes before b"},
    {"array::array", "an empty array, one of length elements, or of length copies of value; also from an initialisation list"},
    {"array::opIndex", "the element at an index (an exception past the end)"},
    {"array::opAssign", "makes this a copy of another array's elements"},
    {"array::opEquals", "whether both have the same length and equal elements"},
    {"array::insertAt", "inserts a value, or another array's elements, before an index"},
    {"array::insertLast", "appends a value"},
    {"array::removeAt", "removes the element at an index"},
    {"array::removeLast", "removes the last element"},
    {"array::removeRange", "removes count elements from start"},
    {"array::length", "the number of elements"},
    {"array::reserve", "makes room for that many elements without changing the length"},
    {"array::resize", "sets the number of elements (new ones default-initialised)"},
    {"array::sortAsc", "sorts in ascending order (opCmp), all or count elements from startAt"},
    {"array::sortDesc", "sorts in descending order (opCmp), all or count elements from startAt"},
    {"array::sort", "sorts count elements from startAt with a less(a, b) callback"},
    {"array::less", "compares two elements for array::sort: whether a goes before b"},
    {"array::reverse", "reverses the order of the elements"},
    {"array::find", "the index of the first element equal to value (opEquals), from startAt, or -1"},
    {"array::findByRef", "the index of the first element that is the very object (handle identity), or -1"},
    {"array::isEmpty", "whether the array has no elements"},
    {"array::opForBegin", "foreach support: the first index"},
    {"array::opForEnd", "foreach support: whether the index is past the end"},
    {"array::opForNext", "foreach support: the next index"},
    {"array::opForValue0", "foreach support: the element at the index"},
    {"array::opForValue1", "foreach support: the index itself"},

    /* dictionary (dictionary.c) */
    {"dictionary", "a map from string keys to values of any type"},
    {"dictionary::dictionary", "an empty dictionary; also from an initialisation list {{\"key\", value}, ...}"},
    {"dictionary::opAssign", "makes this a copy of another dictionary's entries"},
    {"dictionary::set", "stores a value (copied, or a handle) under a key"},
    {"dictionary::get", "copies the value under a key into the argument; false if no key or another type"},
    {"dictionary::exists", "whether a key is there"},
    {"dictionary::delete", "removes a key; false if it was not there"},
    {"dictionary::deleteAll", "removes every key"},
    {"dictionary::isEmpty", "whether there are no keys"},
    {"dictionary::getSize", "the number of keys"},
    {"dictionary::getKeys", "the keys, in the order they were added (the reference's order is unspecified)"},
    {"dictionary::opIndex", "the value under a key (created empty when setting a missing key)"},
    {"dictionary::opForBegin", "foreach support: an iterator at the first entry"},
    {"dictionary::opForEnd", "foreach support: whether the iterator is past the last entry"},
    {"dictionary::opForNext", "foreach support: the iterator at the next entry"},
    {"dictionary::opForValue0", "foreach support: the entry's value"},
    {"dictionary::opForValue1", "foreach support: the entry's key"},
    {"dictionaryValue", "a value of any type held by a dictionary (dict[\"key\"]), converted on use"},
    {"dictionaryValue::dictionaryValue", "an empty value"},
    {"dictionaryValue::opAssign", "stores a copy of a value"},
    {"dictionaryValue::opHndlAssign", "stores a handle"},
    {"dictionaryValue::opCast", "the handle held, cast to the wanted type (null if it is not one)"},
    {"dictionaryValue::opConv", "the value held, converted to the wanted type"},
    {"dictionaryIter", "foreach support: a position in a dictionary"},

    /* any, ref, weakref (any.c, handle.c, weakref.c) */
    {"any", "a container for one value of any type"},
    {"any::any", "an empty container, or one holding a copy of a value"},
    {"any::opAssign", "makes this hold a copy of what another any holds"},
    {"any::store", "stores a copy of a value (or a handle)"},
    {"any::retrieve", "copies the value held into the argument; false if it is of another type"},
    {"ref", "a handle to an object of any reference type"},
    {"ref::ref", "a null handle, or one to an object"},
    {"ref::opCast", "the handle cast to the wanted type (null if the object is not one)"},
    {"ref::opHndlAssign", "points at another object (or null)"},
    {"ref::opEquals", "whether both point at the same object"},
    {"weakref", "a reference to an object of type T that does not keep it alive"},
    {"weakref::weakref", "a weak reference to an object (or to nothing)"},
    {"weakref::opImplCast", "a handle to the object, or null once it is gone"},
    {"weakref::get", "a handle to the object, or null once it is gone"},
    {"weakref::opHndlAssign", "refers to another object"},
    {"weakref::opAssign", "refers to the object another weak reference refers to"},
    {"weakref::opEquals", "whether both refer to the same object"},
    {"const_weakref", "a read-only reference to an object of type T that does not keep it alive"},
    {"const_weakref::const_weakref", "a weak reference to an object (or to nothing)"},
    {"const_weakref::opImplCast", "a const handle to the object, or null once it is gone"},
    {"const_weakref::get", "a const handle to the object, or null once it is gone"},
    {"const_weakref::opHndlAssign", "refers to another object"},
    {"const_weakref::opAssign", "refers to the object another weak reference refers to"},
    {"const_weakref::opEquals", "whether both refer to the same object"},

    /* grid<T> (grid.c) */
    {"grid", "a two-dimensional array of values of type T"},
    {"grid::grid", "an empty grid, or one of width x height values (copies of value); also from a list of rows"},
    {"grid::opIndex", "the value at column x, row y (an exception outside the grid)"},
    {"grid::resize", "changes the size, keeping the values that still fit"},
    {"grid::width", "the number of columns"},
    {"grid::height", "the number of rows"},

    /* math (math.c) */
    {"cos", "the cosine of an angle in radians"},
    {"sin", "the sine of an angle in radians"},
    {"tan", "the tangent of an angle in radians"},
    {"acos", "the angle in radians (0 to pi) whose cosine is the value"},
    {"asin", "the angle in radians (-pi/2 to pi/2) whose sine is the value"},
    {"atan", "the angle in radians (-pi/2 to pi/2) whose tangent is the value"},
    {"atan2", "the angle in radians (-pi to pi) of the point (x, y), given as atan2(y, x)"},
    {"cosh", "the hyperbolic cosine"},
    {"sinh", "the hyperbolic sine"},
    {"tanh", "the hyperbolic tangent"},
    {"log", "the natural logarithm"},
    {"log10", "the base-10 logarithm"},
    {"pow", "the first value raised to the power of the second"},
    {"sqrt", "the square root"},
    {"ceil", "the smallest whole number not less than the value"},
    {"floor", "the largest whole number not greater than the value"},
    {"abs", "the absolute value"},
    {"fraction", "the fractional part (the value minus its whole part)"},
    {"closeTo", "whether two numbers differ by at most epsilon (relative to their size)"},
    {"fpFromIEEE", "the number whose IEEE 754 bits are the integer"},
    {"fpToIEEE", "the IEEE 754 bits of the number"},

    /* exceptions (exception.c) */
    {"throw", "raises a script exception with the message (catch gets it with getExceptionInfo)"},
    {"getExceptionInfo", "in a catch block: the message of the exception caught"},

    /* datetime (datetime.c) */
    {"datetime", "a point in time, with its calendar fields in local time"},
    {"datetime::datetime", "now, a copy, or the given year, month, day and optional hour, minute, second"},
    {"datetime::opAssign", "a copy of another point in time"},
    {"datetime::get_year", "the year"},
    {"datetime::get_month", "the month, 1 to 12"},
    {"datetime::get_day", "the day of the month, 1 to 31"},
    {"datetime::get_hour", "the hour, 0 to 23"},
    {"datetime::get_minute", "the minute, 0 to 59"},
    {"datetime::get_second", "the second, 0 to 59"},
    {"datetime::get_weekDay", "the day of the week, 0 (Sunday) to 6"},
    {"datetime::setDate", "sets the date; false (nothing changed) if it is not a valid date"},
    {"datetime::setTime", "sets the time of day; false (nothing changed) if it is not a valid time"},
    {"datetime::opSub", "the seconds between two points in time, or the point that many seconds earlier"},
    {"datetime::opSub_r", "the point that many seconds earlier"},
    {"datetime::opAdd", "the point that many seconds later"},
    {"datetime::opAdd_r", "the point that many seconds later"},
    {"datetime::opAddAssign", "moves this point that many seconds later"},
    {"datetime::opSubAssign", "moves this point that many seconds earlier"},
    {"datetime::opEquals", "whether both are the same second"},
    {"datetime::opCmp", "compares two points in time: negative if this one is earlier, 0 or positive"},

    /* file, filesystem (file.c, filesystem.c) */
    {"file", "a file opened for reading, writing or appending"},
    {"file::file", "a file object, not yet open"},
    {"file::open", "opens a path with mode \"r\", \"w\" or \"a\"; 0, or negative on failure"},
    {"file::close", "closes the file; 0, or negative if it was not open"},
    {"file::getSize", "the size of the file in bytes, or negative if it is not open"},
    {"file::isEndOfFile", "whether reading has reached the end of the file"},
    {"file::readString", "reads up to that many bytes as a string"},
    {"file::readLine", "reads up to and including the next newline"},
    {"file::readInt", "reads a signed integer of 1 to 8 bytes"},
    {"file::readUInt", "reads an unsigned integer of 1 to 8 bytes"},
    {"file::readFloat", "reads a 4-byte float"},
    {"file::readDouble", "reads an 8-byte double"},
    {"file::writeString", "writes the string's bytes; returns how many were written"},
    {"file::writeInt", "writes a signed integer in 1 to 8 bytes; 1 if written, else 0"},
    {"file::writeUInt", "writes an unsigned integer in 1 to 8 bytes; 1 if written, else 0"},
    {"file::writeFloat", "writes a 4-byte float; 1 if written, else 0"},
    {"file::writeDouble", "writes an 8-byte double; 1 if written, else 0"},
    {"file::getPos", "the current position in bytes from the start, or -1 if the file is not open"},
    {"file::setPos", "moves to a position from the start; 0, or -1 on failure"},
    {"file::movePos", "moves by that many bytes from the current position; 0, or -1 on failure"},
    {"file::mostSignificantByteFirst",
     "the byte order of readInt, writeInt, ...: true big-endian, false (the default) little-endian"},
    {"filesystem", "the directories and files of the file system, from a current directory"},
    {"filesystem::filesystem", "a filesystem object at the process's current directory"},
    {"filesystem::changeCurrentPath", "changes the object's current directory (relative or absolute); false if it is none"},
    {"filesystem::getCurrentPath", "the object's current directory"},
    {"filesystem::getDirs", "the names of the directories in the current directory (not those starting with '.')"},
    {"filesystem::getFiles", "the names of the files in the current directory (not those starting with '.')"},
    {"filesystem::isDir", "whether the path is a directory"},
    {"filesystem::isLink", "whether the path is a symbolic link (as in the reference, a regular file also gives true)"},
    {"filesystem::getSize", "the size of a file in bytes, or -1"},
    {"filesystem::makeDir", "creates a directory; 0, or negative on failure"},
    {"filesystem::removeDir", "removes an empty directory; 0, or negative on failure"},
    {"filesystem::deleteFile", "deletes a file; 0, or negative on failure"},
    {"filesystem::copyFile", "copies a file to a new path; 0, or negative on failure"},
    {"filesystem::move", "moves or renames a file or directory; 0, or negative on failure"},
    {"filesystem::getCreateDateTime", "when the file was created (or its status last changed)"},
    {"filesystem::getModifyDateTime", "when the file was last modified"},

    /* co-routines and threads of the context manager (contextmgr.c) */
    {"coroutine", "the function a co-routine runs, with the dictionary given to createCoRoutine"},
    {"createCoRoutine", "starts a co-routine that runs the function beside the caller, taking turns at yield()"},
    {"yield", "lets the other co-routines of this thread run until its turn comes back"},
    {"sleep", "lets the other scripts run, and this one wait at least that many milliseconds"},
};

/* The entry for key, NULL if none. */
static const char *find_doc(const as_doc_entry *docs, size_t count, const char *key)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(docs[i].name, key) == 0) return docs[i].doc;
    return NULL;
}

/* Attaches the doc of key to f when it has none yet; 1 if it did. */
static int doc_function(as_function *f, const as_doc_entry *docs, size_t count, const char *key)
{
    const char *doc = f && !as_bind_function_doc(f) ? find_doc(docs, count, key) : NULL;
    if (!doc) return 0;
    as_function_set_user_data(f, (void *)doc, BIND_DOC_KEY);
    return 1;
}

/* "ns::name", or name in the global namespace. */
static void qualify(char *buf, size_t size, const char *ns, const char *name)
{
    snprintf(buf, size, "%s%s%s", ns && *ns ? ns : "", ns && *ns ? "::" : "", name ? name : "");
}

/* A type's own doc, its constructors', methods' and properties'. */
static int doc_type(bind_state *st, as_type *t, const as_doc_entry *docs, size_t count)
{
    char type_key[256], key[400];
    qualify(type_key, sizeof type_key, as_type_namespace(t), as_type_name(t));
    int n = 0;
    const char *doc = find_doc(docs, count, type_key);
    bind_type *bt = doc || as_type_property_count(t) ? bind_type_for(st, t) : NULL;
    if (doc && bt && !bt->pub.doc) {
        bt->pub.doc = doc;   /* static text: the toolkit's own docs are in its arena, never freed one by one */
        n++;
    }
    snprintf(key, sizeof key, "%s::%s", type_key, as_type_name(t));
    for (int i = 0; i < as_type_behaviour_count(t); i++) {
        as_behaviour k;
        as_function *f = as_type_behaviour_by_index(t, i, &k);
        if (k == AS_BEHAVE_CONSTRUCT || k == AS_BEHAVE_FACTORY) n += doc_function(f, docs, count, key);
    }
    for (int i = 0; i < as_type_factory_count(t); i++) n += doc_function(as_type_factory_by_index(t, i), docs, count, key);
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        snprintf(key, sizeof key, "%s::%s", type_key, as_function_name(f));
        n += doc_function(f, docs, count, key);
    }
    for (int i = 0; i < as_type_property_count(t) && bt; i++) {
        const char *name = NULL;
        as_type_property(t, i, &name, NULL, NULL);
        snprintf(key, sizeof key, "%s::%s", bt->pub.name, name ? name : "");
        if ((doc = find_doc(docs, count, key)) != NULL && !as_bind_doc_of(as_type_engine(t), key)) {
            bind_doc_put(st, key, doc);
            n++;
        }
    }
    return n;
}

/* A funcdef is documented as a type: 1 if doc was attached (none was before). */
static int doc_funcdef(bind_state *st, as_type *fd, const char *doc)
{
    bind_type *bt = doc ? bind_type_for(st, fd) : NULL;
    if (!bt || bt->pub.doc) return 0;
    bt->pub.doc = doc;
    return 1;
}

int as_document_registrations(as_engine *e, const as_doc_entry *docs, size_t count)
{
    if (!e || (!docs && count)) return AS_INVALID_ARG;
    bind_state *st = bind_state_of(e);
    if (!st) return AS_OUT_OF_MEMORY;
    int n = 0;
    char key[400];
    for (int i = 0; i < as_engine_type_count(e); i++) {
        as_type *t = as_engine_type_by_index(e, i);
        if (!t) continue;
        if (as_type_flags(t) & AS_OBJ_FUNCDEF) {
            /* a funcdef is documented as a type; one declared in a class is "class::name" */
            as_type *parent = as_type_parent_type(t);
            if (parent) snprintf(key, sizeof key, "%s::%s", as_type_name(parent), as_type_name(t));
            else qualify(key, sizeof key, as_type_namespace(t), as_type_name(t));
            n += doc_funcdef(st, t, find_doc(docs, count, key));
            continue;
        }
        n += doc_type(st, t, docs, count);
        /* its own funcdefs (array<T>::less), which the engine's type list leaves out */
        for (int k = 0; k < as_type_child_funcdef_count(t); k++) {
            as_type *fd = as_type_child_funcdef(t, k);
            if (!fd) continue;
            snprintf(key, sizeof key, "%s::%s", as_type_name(t), as_type_name(fd));
            n += doc_funcdef(st, fd, find_doc(docs, count, key));
        }
    }
    for (int i = 0; i < as_engine_function_count(e); i++) {
        as_function *f = as_engine_function_by_index(e, i);
        qualify(key, sizeof key, as_function_namespace(f), as_function_name(f));
        n += doc_function(f, docs, count, key);
    }
    return n;
}

int as_addons_document(as_engine *e)
{
    return as_document_registrations(e, addon_docs, sizeof addon_docs / sizeof addon_docs[0]);
}
