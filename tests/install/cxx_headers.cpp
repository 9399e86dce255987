// The public headers compile as C++ (a C++ host includes them as they are).
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_builder.h"
#include "angelc_aot.h"

int main()
{
    as_engine *e = as_engine_create();
    int ok = e && as_register_string(e) >= 0;
    as_builder *b = as_builder_create();
    as_builder_destroy(b);
    as_engine_destroy(e);
    return ok ? 0 : 1;
}
