// hostcall_ref: host -> script call overhead on the reference engine (twin of hostcall.c).
// Compiles `int f(int a, int b) { return a + b; }` and calls it CALLS times from C++, reusing one
// context: Prepare, two SetArgDWord, Execute, GetReturnDWord. Prints the checksum on stdout and
// the loop time on stderr as "BENCH calls <seconds>" plus nanoseconds per call.
#include <angelscript.h>
#include <chrono>
#include <cstdio>
#include <cstring>
using namespace AngelScript;

#define CALLS 1000000

static void msg(const asSMessageInfo *m, void *) {
  fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}
static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main() {
  static const char *src = "int f(int a, int b) { return a + b; }\n";
  asIScriptEngine *e = asCreateScriptEngine();
  e->SetMessageCallback(asFUNCTION(msg), 0, asCALL_CDECL);
  asIScriptModule *m = e->GetModule("bench", asGM_ALWAYS_CREATE);
  m->AddScriptSection("hostcall.as", src, strlen(src));
  if (m->Build() < 0) return 1;
  asIScriptFunction *f = m->GetFunctionByDecl("int f(int, int)");
  if (!f) { fputs("hostcall_ref: no f\n", stderr); return 1; }
  asIScriptContext *ctx = e->CreateContext();
  asDWORD sum = 0;
  double t0 = now();
  for (asDWORD i = 0; i < CALLS; i++) {
    ctx->Prepare(f);
    ctx->SetArgDWord(0, i);
    ctx->SetArgDWord(1, i & 7);
    if (ctx->Execute() != asEXECUTION_FINISHED) { fputs("hostcall_ref: execute failed\n", stderr); return 1; }
    sum = sum * 31 + ctx->GetReturnDWord();
  }
  double t = now() - t0;
  printf("hostcall %d calls checksum %u\n", CALLS, (unsigned)sum);
  fprintf(stderr, "BENCH calls %.9f\nhostcall_ref: %.1f ns per call\n", t, t * 1e9 / CALLS);
  ctx->Release();
  e->ShutDownAndRelease();
  return 0;
}
