// bindcall_ref: the reference engine's twin of bindcall.c: the same script loops calling
// natively registered C functions (asCALL_CDECL / asCALL_CDECL_OBJFIRST; the string function
// takes the std::string the reference's string add-on holds), and binding 1,000 value types of
// 10 methods each. Prints a checksum on stdout and "BENCH name seconds" on stderr.
#include <angelscript.h>
#include <angelscript/scriptstdstring.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
using namespace AngelScript;

#define CALLS 2000000
#define TYPES 1000
#define METHODS 10

struct Vec3 { float x, y, z; };
static int add(int a, int b) { return a + b; }
static Vec3 vec3_add(const Vec3 *a, const Vec3 *b) { return Vec3{a->x + b->x, a->y + b->y, a->z + b->z}; }
static int text_len(const std::string &s) { return (int)s.size(); }
static float method(const void *) { return 1; }
static void vec3_init(void *p) { new (p) Vec3{0, 0, 0}; }
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static void msg(const asSMessageInfo *m, void *) { fprintf(stderr, "%s:%d: %s\n", m->section, m->row, m->message); }

static const char *script =
    "int direct(int n) { int s = 0; for (int i = 0; i < n; i++) s = add(s, i) & 0xffff; return s; }\n"
    "float dispatch(int n) { Vec3 v, d; v.x = v.y = v.z = 0; d.x = 1; d.y = d.z = 0; for (int i = 0; i < n; i++) v = v + d; return v.x; }\n"
    "float raw(int n) { Vec3 v, d; v.x = v.y = v.z = 0; d.x = 1; d.y = d.z = 0; for (int i = 0; i < n; i++) v = v.addRaw(d); return v.x; }\n"
    "int strings(int n) { string s = 'hello'; int t = 0; for (int i = 0; i < n; i++) t += len(s); return t; }\n";

static double bind_types() {
  asIScriptEngine *e = asCreateScriptEngine();
  double t0 = now();
  char name[32], decl[64];
  for (int i = 0; i < TYPES; i++) {
    snprintf(name, sizeof name, "T%d", i);
    if (e->RegisterObjectType(name, sizeof(Vec3), asOBJ_VALUE | asOBJ_POD | asOBJ_APP_CLASS) < 0) return -1;
    for (int k = 0; k < METHODS; k++) {
      snprintf(decl, sizeof decl, "float m%d() const", k);
      if (e->RegisterObjectMethod(name, decl, asFUNCTION(method), asCALL_CDECL_OBJFIRST) < 0) return -1;
    }
  }
  double t = now() - t0;
  e->ShutDownAndRelease();
  return t;
}

static double run(asIScriptContext *ctx, asIScriptFunction *f, asDWORD *ret) {
  double t0 = now();
  ctx->Prepare(f);
  ctx->SetArgDWord(0, CALLS);
  if (ctx->Execute() != asEXECUTION_FINISHED) return -1;
  *ret = ctx->GetReturnDWord();
  return now() - t0;
}

int main(int argc, char **argv) {
  // bindcall_ref --bind: only the binding, for an instruction count under valgrind
  if (argc == 2 && strcmp(argv[1], "--bind") == 0) {
    double t = bind_types();
    fprintf(stderr, "BENCH bind %.9f\nBENCH rawbind %.9f\n", t, t);
    return t < 0;
  }
  asIScriptEngine *e = asCreateScriptEngine();
  e->SetMessageCallback(asFUNCTION(msg), 0, asCALL_CDECL);
  RegisterStdString(e);
  e->RegisterObjectType("Vec3", sizeof(Vec3), asOBJ_VALUE | asOBJ_POD | asOBJ_APP_CLASS_ALLFLOATS | asOBJ_APP_CLASS_C);
  e->RegisterObjectBehaviour("Vec3", asBEHAVE_CONSTRUCT, "void f()", asFUNCTION(vec3_init), asCALL_CDECL_OBJLAST);
  e->RegisterObjectProperty("Vec3", "float x", asOFFSET(Vec3, x));
  e->RegisterObjectProperty("Vec3", "float y", asOFFSET(Vec3, y));
  e->RegisterObjectProperty("Vec3", "float z", asOFFSET(Vec3, z));
  e->RegisterObjectMethod("Vec3", "Vec3 opAdd(const Vec3 &in) const", asFUNCTION(vec3_add), asCALL_CDECL_OBJFIRST);
  e->RegisterObjectMethod("Vec3", "Vec3 addRaw(const Vec3 &in) const", asFUNCTION(vec3_add), asCALL_CDECL_OBJFIRST);
  e->RegisterGlobalFunction("int add(int, int)", asFUNCTION(add), asCALL_CDECL);
  e->RegisterGlobalFunction("int len(const string &in)", asFUNCTION(text_len), asCALL_CDECL);
  asIScriptModule *m = e->GetModule("bench", asGM_ALWAYS_CREATE);
  m->AddScriptSection("bindcall.as", script, strlen(script));
  if (m->Build() < 0) return 1;
  asIScriptContext *ctx = e->CreateContext();
  asDWORD r1, r2, r3, r4;
  double t1 = run(ctx, m->GetFunctionByName("direct"), &r1);
  double t2 = run(ctx, m->GetFunctionByName("dispatch"), &r2);
  double t3 = run(ctx, m->GetFunctionByName("raw"), &r3);
  double t4 = run(ctx, m->GetFunctionByName("strings"), &r4);
  float f2, f3;
  memcpy(&f2, &r2, 4);
  memcpy(&f3, &r3, 4);
  printf("bindcall %d calls checksum %d %.0f %.0f %d\n", CALLS, (int)r1, f2, f3, (int)r4);
  fprintf(stderr, "BENCH direct %.9f\nBENCH dispatch %.9f\nBENCH raw %.9f\nBENCH string %.9f\n", t1, t2, t3, t4);
  ctx->Release();
  e->ShutDownAndRelease();
  return 0;
}
