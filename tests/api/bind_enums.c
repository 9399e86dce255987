/* Binding toolkit: C enums map to their script enums everywhere (fields, parameters, results),
 * and a C enum the toolkit does not know is refused with the line instead of becoming an integer. */
#include "bind_support.h"

typedef enum Mode { MODE_OFF, MODE_DIM, MODE_FULL } Mode;
typedef enum Unbound { UNBOUND_A } Unbound;
typedef struct Lamp { Mode mode; int level; } Lamp;

static Mode lamp_mode(const Lamp *l) { return l->mode; }
static void lamp_set(Lamp *l, Mode m) { l->mode = m; l->level = (int)m * 50; }
static Mode next_mode(Mode m) { return (Mode)((m + 1) % 3); }
static int unbound_fn(Unbound u) { return (int)u; }

/* The script declaration of property `name` of type `type`. */
static const char *property_decl(as_engine *e, const char *type, const char *name)
{
    as_type *t = as_engine_type_by_name(e, type);
    for (int i = 0; t && i < as_type_property_count(t); i++) {
        const char *n = NULL;
        int tid = 0;
        as_type_property(t, i, &n, &tid, NULL);
        if (n && strcmp(n, name) == 0) return as_engine_type_declaration(e, tid, false);
    }
    return NULL;
}

static void test_mapped(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "lamp");
    as_bind_enum *en = AS_ENUM(b, Mode, "Mode");
    AS_ENUM_VALUE(en, "OFF", MODE_OFF);
    AS_ENUM_VALUE(en, "DIM", MODE_DIM);
    AS_ENUM_VALUE(en, "FULL", MODE_FULL);
    as_bind_class *c = AS_VALUE_CLASS(b, Lamp, "Lamp", AS_OBJ_POD);
    AS_ENUM_PROPERTY(c, Lamp, mode, Mode);
    AS_DOC(b, "what the lamp does");
    AS_PROPERTY(c, Lamp, level);
    AS_METHOD(c, "getMode", lamp_mode, Mode, const Lamp *);
    AS_METHOD(c, "setMode", lamp_set, void, Lamp *, Mode);
    AS_FUNCTION(b, "next", next_mode, Mode, Mode);
    REQUIRE(as_bind_end(b) == 0);
    /* the field is the enum, not uint */
    CHECK(STREQ(property_decl(e, "Lamp", "mode"), "Mode"));
    CHECK(STREQ(as_bind_doc_of(e, "Lamp::mode"), "what the lamp does"));
    as_function *f = as_engine_function_by_decl(e, "Mode next(Mode)");
    CHECK(f != NULL);
    CHECK(run(e, "void main() {\n"
                 "  Lamp l; l.mode = Mode::DIM; Mode m = l.getMode();\n"
                 "  l.setMode(next(m));\n"
                 "  print('' + int(l.mode) + ' ' + l.level + ' ' + (l.getMode() == FULL));\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("2 100 true\n");
    /* a script can't store a plain integer in it: it is the enum */
    CHECK(run(e, "void main() { Lamp l; uint u = 1; l.mode = u; }") < 0);
    as_engine_destroy(e);
}

static void test_refused(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "unbound");
    as_bind_class *c = AS_VALUE_CLASS(b, Lamp, "Lamp", AS_OBJ_POD);
    int prop_line = __LINE__ + 1;
    AS_ENUM_PROPERTY(c, Lamp, mode, Mode);          /* Mode is not bound on this engine */
    int fn_line = __LINE__ + 1;
    AS_FUNCTION(b, "unbound", unbound_fn, int, enum Unbound);
    CHECK(as_bind_end(b) == -2);
    EXPECT_MESSAGE_AT(prop_line, "error: bind 'unbound': Lamp: property 'mode': the C enum 'Mode' has no script "
                      "type: bind it with AS_ENUM first");
    EXPECT_MESSAGE_AT(fn_line, "error: bind 'unbound': global: unbound: parameter 1: the C enum 'enum Unbound' "
                      "has no script type: bind it with AS_ENUM first");
    CHECK(as_engine_function_by_decl(e, "int unbound(uint)") == NULL);
    as_engine_destroy(e);
}

int main(void)
{
    group("mapped", test_mapped);
    group("refused", test_refused);
    return failures ? 1 : 0;
}
