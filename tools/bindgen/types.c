/* C scalar types as the generated wrappers spell them: fixed-width names the toolkit maps by
 * kind and size (the wrapper converts to the library's own type when it calls). */
#include "gen.h"

const char *bg_scalar_type(CXType t)
{
    t = clang_getCanonicalType(t);
    long long size = clang_Type_getSizeOf(t);
    switch (t.kind) {
    case CXType_Bool: return "bool";
    case CXType_Char_S: case CXType_SChar: return "int8_t";
    case CXType_Char_U: case CXType_UChar: return "uint8_t";
    case CXType_Short: case CXType_Int: case CXType_Long: case CXType_LongLong:
        return size == 2 ? "int16_t" : size == 4 ? "int32_t" : size == 8 ? "int64_t" : NULL;
    case CXType_UShort: case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
        return size == 2 ? "uint16_t" : size == 4 ? "uint32_t" : size == 8 ? "uint64_t" : NULL;
    case CXType_Float: return "float";
    case CXType_Double: return "double";
    default: return NULL;   /* long double, __int128, complex: no script type */
    }
}

bool bg_is_byte(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Char_S || t.kind == CXType_SChar || t.kind == CXType_Char_U || t.kind == CXType_UChar ||
           t.kind == CXType_Void;
}

bool bg_is_integer(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind >= CXType_Char_U && t.kind <= CXType_LongLong && t.kind != CXType_Float && t.kind != CXType_Bool;
}
