// The host of tests/api/template_functions.c, on the reference engine: registers the same template
// functions with the generic calling convention and prints what a script makes of them (the
// messages as "row:col: text", what the host functions logged), so that test's expectations can
// be checked against AngelScript 2.38 (the version that added template functions):
//   g++ -O2 -DAS_USE_NAMESPACE -I../shared/reference/as-2.38/include -o tfprobe
//       tests/reference/template_functions_probe.cpp ../shared/reference/as-2.38/lib/libangelscript.a -lpthread
//   ./tfprobe script.as          build and run main()
//   ./tfprobe --config           the config writer's listing
#include <angelscript.h>
#include <angelscript/scriptstdstring.h>
#include <angelscript/scriptarray.h>
#include <angelscript/scripthelper.h>
#include <cstdio>
#include <cstring>
#include <cstdarg>
#include <string>
#include <iostream>
using namespace AngelScript;
static std::string messages, logt;
static void msg(const asSMessageInfo *m, void *) {
  if (m->type == asMSGTYPE_INFORMATION && !strncmp(m->message, "Compiling ", 10)) return;
  char b[600]; snprintf(b, sizeof b, "%d:%d: %s\n", m->row, m->col, m->message); messages += b; }
static asIScriptEngine *E;
static void lg(const char *fmt, ...) { char b[1000]; va_list ap; va_start(ap, fmt); vsnprintf(b, sizeof b, fmt, ap); va_end(ap); logt += b; }
static void identity(asIScriptGeneric *g) {
  asIScriptFunction *f = g->GetFunction(); int tid = f->GetSubTypeId(0);
  lg("[%s]", f->GetDeclaration(true, false, false));
  void *a = g->GetArgAddress(0);
  if (tid & asTYPEID_OBJHANDLE) g->SetReturnObject(*(void**)a);
  else if (tid & asTYPEID_MASK_OBJECT) g->SetReturnObject(a);
  else memcpy(g->GetAddressOfReturnLocation(), a, E->GetSizeOfPrimitiveType(tid));
}
static void print_value(asIScriptGeneric *g) {
  asIScriptFunction *f = g->GetFunction(); int tid = f->GetSubTypeId(0); void *a = g->GetArgAddress(0);
  if (tid == asTYPEID_INT32) lg("int %d;", *(int*)a);
  else if (tid == E->GetTypeIdByDecl("string")) lg("string %s;", ((std::string*)a)->c_str());
  else if (tid == E->GetTypeIdByDecl("array<int>")) lg("array of %u;", ((CScriptArray*)a)->GetSize());
  else lg("%s;", E->GetTypeDeclaration(tid, true));
}
static void describe(asIScriptGeneric *g) {
  asIScriptFunction *f = g->GetFunction();
  lg("%s<", f->GetDeclaration(true, true, false));
  for (asUINT i = 0; i < f->GetSubTypeCount(); i++) lg("%s%s", i ? "," : "", E->GetTypeDeclaration(f->GetSubTypeId(i), true));
  lg("> args %d%s;", g->GetArgCount(), g->GetObject() ? " on object" : "");
  if (g->GetReturnTypeId() == asTYPEID_INT32) g->SetReturnDWord(42);
}
static void say(asIScriptGeneric *g) { lg("%s", ((std::string*)g->GetArgObject(0))->c_str()); }
static void foo_init(asIScriptGeneric *g) { *(int*)g->GetObject() = 7; }
static int seen_ids[4]; static asITypeInfo *seen_types[4]; static std::string seen_decl; static int seen_kind, seen_oor;
static void learn(asIScriptGeneric *g) { asIScriptFunction *f = g->GetFunction();
  for (int i = 0; i < 2; i++) { seen_ids[i] = f->GetSubTypeId(i); seen_types[i] = f->GetSubType(i); }
  seen_oor = f->GetSubTypeId(2); seen_kind = f->GetFuncType(); seen_decl = f->GetDeclaration(true, true, true); }
#define R(d, fn) do { int r = E->RegisterGlobalFunction(d, asFUNCTION(fn), asCALL_GENERIC); if (r < 0) printf("REG FAIL %s %d\n", d, r); } while (0)
int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: tfprobe script.as | --config\n"); return 2; }
  E = asCreateScriptEngine(); E->SetMessageCallback(asFUNCTION(msg), 0, asCALL_CDECL);
  RegisterStdString(E); RegisterScriptArray(E, true);
  R("void say(const string &in)", say);
  E->RegisterObjectType("Foo", 4, asOBJ_VALUE | asOBJ_POD | asOBJ_APP_PRIMITIVE);
  E->RegisterObjectBehaviour("Foo", asBEHAVE_CONSTRUCT, "void f()", asFUNCTION(foo_init), asCALL_GENERIC);
  R("T Identity<T>(const T &in)", identity); R("void Print<T>(const T &in)", print_value);
  R("void Pair<K,V>(const K &in, const V &in)", describe);
  E->RegisterObjectMethod("Foo", "T get<T>(const T &in)", asFUNCTION(describe), asCALL_GENERIC);
  R("int Count<T>()", describe); R("void Dup3<T>(const T&in)", describe); R("void Dup3<T,U>(const T&in, const U&in)", describe);
  R("void Var<T>(const T&in ...)", describe); R("void Def<T>(const T&in, int x = 3)", describe);
  R("void Arr<T>(const array<T>&in)", describe); R("void Ov(float)", describe); R("void Ov<T>(const T&in)", describe);
  E->SetDefaultNamespace("ns"); R("void Nsf<T>(const T&in)", describe); E->SetDefaultNamespace("");
  R("void Learn<A,B>(const A &in a, B b)", learn);
  if (argc > 1 && !strcmp(argv[1], "--config")) { WriteConfigToStream(E, std::cout); return 0; }
  FILE *sf = fopen(argv[1], "rb"); if (!sf) { perror(argv[1]); return 2; }
  std::string src; char buf[4096]; size_t n;
  while ((n = fread(buf, 1, sizeof buf, sf)) > 0) src.append(buf, n);
  fclose(sf);
  asIScriptModule *m = E->GetModule("m", asGM_ALWAYS_CREATE);
  m->AddScriptSection("s", src.c_str());
  messages.clear();
  int r = m->Build();
  printf("BUILD %d\nMESSAGES<<%s>>\n", r, messages.c_str());
  if (r >= 0) {
    asIScriptContext *c = E->CreateContext(); c->Prepare(m->GetFunctionByDecl("void main()")); r = c->Execute();
    printf("EXEC %d\nLOG<<%s>>\n", r, logt.c_str()); c->Release();
    if (seen_decl.size()) printf("learn: %d %p %d %s %d(C=%d) %s %d\n", seen_ids[0], (void*)seen_types[0], seen_oor, seen_decl.c_str(), seen_ids[1], m->GetTypeIdByDecl("C"), seen_types[1] ? seen_types[1]->GetName() : "-", seen_kind);
  }
  return 0;
}
