// refhost: the reference engine with timings, for the start-up and compile benchmarks (twin of
// achost.c). Registers what tests/reference/ashost.cpp registers (the asrun add-ons, print,
// println, native_add), with high-resolution timings:
//
//   refhost [-n N] FILE.as
//
// Sets up an engine N times (all but the last are shut down again), compiles FILE.as, runs its
// void main(), and prints "BENCH setup|setup1|compile|run <seconds>" lines on stderr.
#include <angelscript.h>
#include <angelscript/scriptstdstring.h>
#include <angelscript/scriptarray.h>
#include <angelscript/scriptdictionary.h>
#include <angelscript/scriptmath.h>
#include <angelscript/scripthelper.h>
#include <angelscript/scriptany.h>
#include <angelscript/scripthandle.h>
#include <angelscript/weakref.h>
#include <angelscript/scriptgrid.h>
#include <angelscript/datetime.h>
#include <angelscript/scriptfile.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
using namespace AngelScript;

static void msg(const asSMessageInfo *m, void *) {
  const char *t = m->type == asMSGTYPE_ERROR ? "error" : m->type == asMSGTYPE_WARNING ? "warning" : "info";
  fprintf(stderr, "%s:%d:%d: %s: %s\n", m->section, m->row, m->col, t, m->message);
}
static void print(const std::string &s) { fwrite(s.data(), 1, s.size(), stdout); }
static void println(const std::string &s) { fwrite(s.data(), 1, s.size(), stdout); fputc('\n', stdout); }
static int native_add(int a, int b) { return a + b; }
static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static asIScriptEngine *setup() {
  asIScriptEngine *e = asCreateScriptEngine();
  e->SetMessageCallback(asFUNCTION(msg), 0, asCALL_CDECL);
  RegisterStdString(e); RegisterScriptArray(e, true); RegisterStdStringUtils(e); RegisterScriptDictionary(e);
  RegisterScriptMath(e); RegisterExceptionRoutines(e);
  RegisterScriptAny(e); RegisterScriptHandle(e); RegisterScriptWeakRef(e); RegisterScriptGrid(e);
  RegisterScriptDateTime(e); RegisterScriptFile(e);
  e->RegisterGlobalFunction("void print(const string &in)", asFUNCTION(print), asCALL_CDECL);
  e->RegisterGlobalFunction("void println(const string &in)", asFUNCTION(println), asCALL_CDECL);
  e->RegisterGlobalFunction("int native_add(int, int)", asFUNCTION(native_add), asCALL_CDECL);
  return e;
}

int main(int argc, char **argv) {
  int n = 1, a = 1;
  if (argc > 3 && strcmp(argv[1], "-n") == 0) { n = atoi(argv[2]); a = 3; }
  if (a >= argc || n < 1) { fprintf(stderr, "usage: refhost [-n N] FILE.as\n"); return 2; }
  FILE *f = fopen(argv[a], "rb");
  if (!f) { perror(argv[a]); return 2; }
  std::string src; char buf[65536]; size_t k;
  while ((k = fread(buf, 1, sizeof buf, f)) > 0) src.append(buf, k);
  fclose(f);

  asIScriptEngine *e = 0;
  double total = 0, first = 0;
  for (int i = 0; i < n; i++) {
    if (e) e->ShutDownAndRelease();
    double t0 = now();
    e = setup();
    double t = now() - t0;
    if (i == 0) first = t;
    total += t;
  }
  double t1 = now();
  asIScriptModule *m = e->GetModule("main", asGM_ALWAYS_CREATE);
  m->AddScriptSection(argv[a], src.data(), src.size());
  if (m->Build() < 0) { fprintf(stderr, "refhost: build failed\n"); return 1; }
  double t2 = now();
  asIScriptFunction *fn = m->GetFunctionByDecl("void main()");
  if (!fn) { fprintf(stderr, "refhost: no void main()\n"); return 1; }
  asIScriptContext *c = e->CreateContext();
  c->Prepare(fn);
  int r = c->Execute();
  double t3 = now();
  fflush(stdout);
  if (r != asEXECUTION_FINISHED) { fprintf(stderr, "refhost: main() did not finish (%d)\n", r); return 1; }
  fprintf(stderr, "BENCH setup %.9f\nBENCH setup1 %.9f\nBENCH compile %.9f\nBENCH run %.9f\n", total / n, first,
          t2 - t1, t3 - t2);
  c->Release();
  e->ShutDownAndRelease();
  return 0;
}
