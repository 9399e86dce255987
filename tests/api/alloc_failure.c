/* Allocation failure never crashes, aborts or leaks (issue 17): the Nth allocation fails, for
 * every N over a realistic workload (an engine with the add-ons, a 200-line script with classes,
 * interfaces, handles in cycles, arrays, strings, a dictionary, lambdas and exceptions built and
 * run, its bytecode saved, loaded and run again, the modules discarded, garbage collected, the
 * engine destroyed). Each N runs in its own child process, which must end normally with every
 * byte it allocated given back: a build that runs out of memory fails with "out of memory", a
 * script raises the exception "out of memory" (or "Out of memory" from an add-on), registration
 * returns AS_OUT_OF_MEMORY, and everything after that goes on; a failure the library absorbs
 * (a cache, a pooled context) leaves main()'s result as it is. Under `make asan` every run is
 * also checked for memory errors.
 *
 * The whole sweep (ALLOC_FAILURE_STRIDE=1, as CI runs it) takes about a minute, several under
 * ASan; by default the test times its first runs and tests every kth N with k chosen to take
 * about 10 seconds (it prints k). ALLOC_FAILURE_STRIDE=k sets k; runs go one per processor at a
 * time (ALLOC_FAILURE_JOBS=j sets it); ALLOC_FAILURE_ONLY=n runs the failure of allocation n
 * alone, in the test's own process (LeakSanitizer reports its leaks). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "count_alloc.h"

static long alloc_count, fail_at = -1;

/* Under ASan, ALLOC_FAILURE_ONLY prints where the failing allocation was made. */
void __sanitizer_print_stack_trace(void) __attribute__((weak));
static bool show_failure;

static void *failing_alloc(size_t n)
{
    if (++alloc_count == fail_at) {
        if (show_failure && __sanitizer_print_stack_trace) __sanitizer_print_stack_trace();
        return NULL;
    }
    return count_alloc(n);
}

/* About 200 lines (the same result on the reference engine: 3420). */
static const char script[] =
    "// A realistic workload for the allocation-failure sweep: classes, interfaces, handles in cycles,\n"
    "// arrays, strings, a dictionary, funcdefs and lambdas, exceptions, enums, namespaces, accessors.\n"
    "enum Kind { Leaf, Branch = 4, Root }\n"
    "\n"
    "namespace geo {\n"
    "  class Point {\n"
    "    double x, y;\n"
    "    Point() { x = 0; y = 0; }\n"
    "    Point(double a, double b) { x = a; y = b; }\n"
    "    Point opAdd(const Point &in o) const { return Point(x + o.x, y + o.y); }\n"
    "    bool opEquals(const Point &in o) const { return x == o.x && y == o.y; }\n"
    "    double length() const { return sqrt(x * x + y * y); }\n"
    "  }\n"
    "  double dist(const Point &in a, const Point &in b) { return (a + Point(-b.x, -b.y)).length(); }\n"
    "}\n"
    "\n"
    "interface Shape {\n"
    "  double area() const;\n"
    "  string name() const;\n"
    "}\n"
    "\n"
    "class Rect : Shape {\n"
    "  double w, h;\n"
    "  Rect(double a, double b) { w = a; h = b; }\n"
    "  double area() const { return w * h; }\n"
    "  string name() const { return \"rect \" + formatFloat(w, \"\", 0, 1) + \"x\" + formatFloat(h, \"\", 0, 1); }\n"
    "}\n"
    "\n"
    "class Square : Rect {\n"
    "  Square(double s) { super(s, s); }\n"
    "  string name() const override { return \"square \" + formatFloat(w, \"\", 0, 1); }\n"
    "}\n"
    "\n"
    "class Circle : Shape {\n"
    "  double r;\n"
    "  Circle(double x) { r = x; }\n"
    "  double area() const { return 3.0 * r * r; }\n"
    "  string name() const { return \"circle\"; }\n"
    "}\n"
    "\n"
    "class Node {\n"
    "  string label;\n"
    "  Kind kind;\n"
    "  Node@ parent;\n"
    "  array<Node@> children;\n"
    "  dictionary attrs;\n"
    "  int weight { get const { return _weight; } set { _weight = value < 0 ? 0 : value; } }\n"
    "  private int _weight;\n"
    "\n"
    "  Node(const string &in l, Kind k) { label = l; kind = k; _weight = 1; attrs.set(\"len\", int64(l.length())); }\n"
    "\n"
    "  Node@ add(const string &in l) {\n"
    "    Node n(l, Leaf);\n"
    "    @n.parent = this;              // a cycle: parent <-> child\n"
    "    children.insertLast(n);\n"
    "    if (kind == Leaf) kind = Branch;\n"
    "    return n;\n"
    "  }\n"
    "\n"
    "  int total() const {\n"
    "    int t = _weight;\n"
    "    for (uint i = 0; i < children.length(); i++) t += children[i].total();\n"
    "    return t;\n"
    "  }\n"
    "\n"
    "  int opCmp(const Node &in o) const { return label < o.label ? -1 : label > o.label ? 1 : 0; }\n"
    "}\n"
    "\n"
    "funcdef int Reducer(int, int);\n"
    "\n"
    "int reduce(const array<int> &in a, Reducer@ f, int start) {\n"
    "  int acc = start;\n"
    "  for (uint i = 0; i < a.length(); i++) acc = f(acc, a[i]);\n"
    "  return acc;\n"
    "}\n"
    "\n"
    "class Counter {\n"
    "  int n;\n"
    "  int step(int by) { n += by; return n; }\n"
    "}\n"
    "\n"
    "array<string> words = {\"delta\", \"alpha\", \"charlie\", \"bravo\", \"echo\"};\n"
    "dictionary registry;\n"
    "int64 checksum = 17;\n"
    "const string title = \"workload\";\n"
    "\n"
    "string joinWords(const array<string> &in w, const string &in sep) {\n"
    "  string s;\n"
    "  for (uint i = 0; i < w.length(); i++) {\n"
    "    if (i > 0) s += sep;\n"
    "    s += w[i];\n"
    "  }\n"
    "  return s;\n"
    "}\n"
    "\n"
    "int shapes() {\n"
    "  array<Shape@> list = {Rect(2, 3), Square(4), Circle(1)};\n"
    "  list.insertLast(Rect(1.5, 2));\n"
    "  double sum = 0;\n"
    "  string names;\n"
    "  for (uint i = 0; i < list.length(); i++) {\n"
    "    sum += list[i].area();\n"
    "    names += list[i].name() + \";\";\n"
    "  }\n"
    "  Rect@ r = cast<Rect>(list[1]);\n"
    "  if (r !is null) sum += r.w;\n"
    "  return int(sum) + int(names.length());\n"
    "}\n"
    "\n"
    "int tree() {\n"
    "  Node root(\"root\", Root);\n"
    "  Node@ a = root.add(\"a\");\n"
    "  Node@ b = root.add(\"b\");\n"
    "  for (int i = 0; i < 6; i++) a.add(\"a\" + i).weight = i;\n"
    "  b.add(\"zz\").weight = -5;\n"
    "  b.children.insertLast(a);            // a shared child: more cycles\n"
    "  array<Node@> sorted = root.children;\n"
    "  sorted.sortDesc();\n"
    "  int64 len = 0;\n"
    "  root.attrs.get(\"len\", len);\n"
    "  return root.total() * 10 + int(len) + (sorted[0].label == \"b\" ? 1 : 0);\n"
    "}\n"
    "\n"
    "int strings() {\n"
    "  string s = joinWords(words, \",\");\n"
    "  array<string>@ parts = s.split(\",\");\n"
    "  parts.sortAsc();\n"
    "  string j = join(parts, \"+\");\n"
    "  int found = j.findFirst(\"charlie\");\n"
    "  string sub = j.substr(0, 5);\n"
    "  string num = formatInt(12345, \"0\", 8) + formatFloat(3.25, \"\", 0, 2);\n"
    "  int64 parsed = parseInt(\"789\");\n"
    "  double d = parseFloat(\"2.5\");\n"
    "  uint pos = 0;\n"
    "  for (uint i = 0; i < s.length(); i++) if (s[i] == 44) pos++;   // commas\n"
    "  return found + int(sub.length()) + int(num.length()) + int(parsed) + int(d * 2) + int(pos);\n"
    "}\n"
    "\n"
    "int dict() {\n"
    "  for (uint i = 0; i < words.length(); i++) registry.set(words[i], int64(i * 3));\n"
    "  registry[\"pi\"] = 3.14;\n"
    "  registry[\"name\"] = title;\n"
    "  @registry[\"node\"] = Node(\"held\", Leaf);\n"
    "  int64 v = 0;\n"
    "  int total = 0;\n"
    "  if (registry.get(\"charlie\", v)) total += int(v);\n"
    "  array<string>@ keys = registry.getKeys();\n"
    "  keys.sortAsc();\n"
    "  total += int(keys.length()) * 100;\n"
    "  if (registry.exists(\"pi\")) total += 1000;\n"
    "  registry.delete(\"pi\");\n"
    "  string n = string(registry[\"name\"]);\n"
    "  total += int(n.length());\n"
    "  dictionary copy = registry;\n"
    "  total += int(copy.getSize());\n"
    "  return total;\n"
    "}\n"
    "\n"
    "int lambdas() {\n"
    "  array<int> nums;\n"
    "  for (int i = 1; i <= 20; i++) nums.insertLast(i * i % 17);\n"
    "  int s = reduce(nums, function(a, b) { return a + b; }, 0);\n"
    "  int m = reduce(nums, function(a, b) { return a > b ? a : b; }, 0);\n"
    "  Counter c;\n"
    "  for (int i = 0; i < 5; i++) c.step(i);\n"
    "  array<array<int>> table(3);\n"
    "  for (uint y = 0; y < table.length(); y++)\n"
    "    for (int x = 0; x < 4; x++) table[y].insertLast(int(y) * x);\n"
    "  array<array<int>> grid2(4, array<int>(4, 7));\n"   /* the factory copies its value (a leak once) */
    "  return s + m + c.n + table[2][3] + grid2[3][3];\n"
    "}\n"
    "\n"
    "int failures() {\n"
    "  int caught = 0;\n"
    "  try { array<int> e; caught += e[3]; } catch { caught += 100; }\n"
    "  try { Node@ n; n.add(\"x\"); } catch { caught += 10; }\n"
    "  try { int z = 0; caught += 5 / z; } catch { caught += 1; }\n"
    "  return caught;\n"
    "}\n"
    "\n"
    "int geometry() {\n"
    "  geo::Point a(3, 4), b(0, 0);\n"
    "  geo::Point c = a + b;\n"
    "  return int(geo::dist(a, b) * 10) + (c == a ? 1 : 0);\n"
    "}\n"
    "\n"
    "int main() {\n"
    "  int total = 0;\n"
    "  total += shapes();\n"
    "  total += tree();\n"
    "  total += strings();\n"
    "  total += dict();\n"
    "  total += lambdas();\n"
    "  total += failures();\n"
    "  total += geometry();\n"
    "  switch (total % 3) {\n"
    "    case 0: checksum += total; break;\n"
    "    case 1: checksum -= 1; break;\n"
    "    default: checksum *= 2;\n"
    "  }\n"
    "  return total;\n"
    "}\n";

/* Compile errors too: the workload's script with this section added is refused. */
static const char broken[] =
    "int broken() {\n"
    "  undefinedCall(1);\n"
    "  string s = 5;\n"
    "  array<int> a = {1, 'x'};\n"
    "  Node n;\n"
    "  n.nosuch();\n"
    "  array<string>@ p = 'a,b'.split(',');\n"
    "  return p.length() + s.nosuch();\n"
    "}\n";

static void quiet(const as_message *m, void *u)
{
    (void)u;
    if (fail_at < 0 && m->type == AS_MSG_ERROR && getenv("VERBOSE")) fprintf(stderr, "  s:%d:%d: %s\n", m->row, m->col, m->message);
}

/* The workload; returns what main() returned (or a negative code where it stopped). */
static int workload(void)
{
    as_engine *e = as_engine_create();
    if (!e) return -1;
    as_engine_set_message_callback(e, quiet, NULL);
    int r = 0;
    if (as_register_string(e) < 0 || as_register_array(e, true) < 0 || as_register_string_utils(e) < 0 ||
        as_register_math(e) < 0 || as_register_dictionary(e) < 0 || as_register_exception_routines(e) < 0)
        r = -2;
    if (!r) {
        as_module *bad = as_engine_get_module(e, "bad", AS_GM_ALWAYS_CREATE);
        if (bad && as_module_add_section(bad, "s", script, strlen(script), 0) >= 0 &&
            as_module_add_section(bad, "broken", broken, strlen(broken), 0) >= 0 && as_module_build(bad) >= 0)
            r = 2;   /* (a wrong result: it has errors) */
        as_module_discard(bad);
    }
    as_module *m = r ? NULL : as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    if (!r && (!m || as_module_add_section(m, "s", script, strlen(script), 0) < 0 || as_module_build(m) < 0)) r = -3;
    if (!r) {
        as_context *ctx = as_context_create(e);
        as_function *f = as_module_function_by_decl(m, "int main()");
        if (ctx && f && as_context_prepare(ctx, f) >= 0) {
            int x = as_context_execute(ctx);
            r = x == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -4;
        } else {
            r = -5;
        }
        as_context_destroy(ctx);
        void *blob = NULL;
        size_t size = 0;
        if (as_module_save_bytecode_to_memory(m, false, &blob, &size) >= 0) {
            as_module *l = as_engine_get_module(e, "loaded", AS_GM_ALWAYS_CREATE);
            if (l && as_module_load_bytecode_from_memory(l, blob, size, NULL) >= 0) {
                /* the loaded code runs as the compiled code did (a wrong result is 1) */
                ctx = as_context_create(e);
                f = as_module_function_by_decl(l, "int main()");
                if (ctx && f && as_context_prepare(ctx, f) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED &&
                    r >= 0 && as_context_return_dword(ctx) != (uint32_t)r)
                    r = 1;
                as_context_destroy(ctx);
            }
            as_free_mem(blob);
        }
        as_module_discard(m);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    }
    as_engine_destroy(e);
    return r;
}

/* One failing allocation in a child process; its result and the bytes it left come back
 * through a pipe. */
typedef struct run { pid_t pid; int fd; long n; } run;

static run start_run(long n)
{
    fflush(NULL);
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        alarm(60);
        fail_at = n;
        alloc_count = 0;
        int r = workload();
        long out[2] = {r, (long)live_bytes};
        if (write(fds[1], out, sizeof out) != (ssize_t)sizeof out) _exit(3);
        _exit(0);
    }
    close(fds[1]);
    return (run){pid, fds[0], n};
}

static int crashed, leaked, wrong, ran;

static void finish_run(const run *r, int st, long total, int want)
{
    long got[2] = {0, 0};
    ssize_t k = read(r->fd, got, sizeof got);
    close(r->fd);
    ran++;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || k != (ssize_t)sizeof got) {
        if (crashed < 10 || getenv("VERBOSE"))
            fprintf(stderr, "  failing allocation %ld of %ld: %s %d\n", r->n, total, WIFSIGNALED(st) ? "signal" : "exit",
                    WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
        crashed++;
        return;
    }
    /* a run either fails somewhere (negative) or, when the failure was absorbed (or caught by
     * the script's own try blocks), gets main()'s result */
    if (got[0] >= 0 && got[0] != want) {
        if (wrong < 10) fprintf(stderr, "  failing allocation %ld of %ld: main() returned %ld, not %d\n", r->n, total, got[0], want);
        wrong++;
    }
    if (got[1] != 0) {
        if (leaked < 10 || getenv("VERBOSE"))
            fprintf(stderr, "  failing allocation %ld of %ld: %ld bytes left (result %ld)\n", r->n, total, got[1], got[0]);
        leaked++;
    }
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void sweep(void)
{
    /* the allocations of a run that does not fail, and its result */
    fail_at = -1;
    alloc_count = 0;
    int want = workload();
    long total = alloc_count;
    if (want != 3420) fprintf(stderr, "  main() returned %d\n", want);
    CHECK(want == 3420);
    CHECK(live_bytes == 0);
    long stride = getenv("ALLOC_FAILURE_STRIDE") ? atol(getenv("ALLOC_FAILURE_STRIDE")) : 0;
    bool calibrate = stride < 1;
    if (calibrate) stride = 1;
    /* runs at a time: ALLOC_FAILURE_JOBS, else one per processor */
    long jobs = getenv("ALLOC_FAILURE_JOBS") ? atol(getenv("ALLOC_FAILURE_JOBS")) : sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    run inflight[64];
    int ninflight = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* ALLOC_FAILURE_FROM / _TO: a part of the sweep (for debugging) */
    long from = getenv("ALLOC_FAILURE_FROM") ? atol(getenv("ALLOC_FAILURE_FROM")) : 1;
    long to = getenv("ALLOC_FAILURE_TO") ? atol(getenv("ALLOC_FAILURE_TO")) : total;
    long n = from > 0 ? from : 1;
    while (ninflight || (n <= total && n <= to)) {
        if (calibrate && ran == 20 && !ninflight) {
            /* the first 20 ran one at a time: every stride-th from here takes about 10 s */
            double each = seconds_since(&t0) / 20 / (double)jobs;
            stride = (long)(each * (double)total / 10.0) + 1;
            calibrate = false;
            fprintf(stderr, "  from the 21st on, one allocation in %ld of the %ld fails in turn\n", stride, total);
        }
        long room = calibrate ? 1 : jobs;
        if (ninflight < room && n <= total && n <= to) {
            inflight[ninflight++] = start_run(n);
            n += stride;
            continue;
        }
        int st = 0;
        pid_t pid = waitpid(-1, &st, 0);
        REQUIRE(pid > 0);
        for (int i = 0; i < ninflight; i++) {
            if (inflight[i].pid != pid) continue;
            finish_run(&inflight[i], st, total, want);
            inflight[i] = inflight[--ninflight];
            break;
        }
    }
    fprintf(stderr, "  %d of %ld allocations failed one at a time (%ld at once, %.0f s): %d crashed, %d leaked, %d other results\n",
            ran, total, jobs, seconds_since(&t0), crashed, leaked, wrong);
    CHECK(crashed == 0);
    CHECK(leaked == 0);
    CHECK(wrong == 0);
}

/* ALLOC_FAILURE_ONLY=n: the run failing allocation n, in this process (no fork), so that a leak
 * or memory error is reported with its allocation's stack (LeakSanitizer under `make asan`). */
static void only(long n)
{
    fail_at = -1;   /* first a run that does not fail, as the sweep does */
    workload();
    show_failure = true;
    fail_at = n;
    alloc_count = 0;
    int r = workload();
    fprintf(stderr, "  failing allocation %ld: result %d, %zu bytes left\n", n, r, live_bytes);
    CHECK(live_bytes == 0);
}

int main(void)
{
    REQUIRE(as_set_global_memory_functions(failing_alloc, count_free) >= 0);
    group_alarm = 0;
    if (getenv("ALLOC_FAILURE_ONLY")) {
        only(atol(getenv("ALLOC_FAILURE_ONLY")));
        return failures ? 1 : 0;
    }
    group("every allocation failing in turn", sweep);
    return failures ? 1 : 0;
}
