// angelc-only: a documented difference (README, "Differences from the reference"): the destructor of
// a class that can form cycles runs when its last handle goes; AngelScript 2.38 runs it at a later
// garbage collection step (it prints "after scope" before "dtor a", "after null" before "dtor b").
class N { N@ o; string n; N(string s) { n = s; } ~N() { print("dtor " + n + "\n"); } }
void main() {
  { N a("a"); }
  print("after scope\n");
  N@ b = N("b");
  @b = null;
  print("after null\n");
  N@ x = N("x");
  N@ y = N("y");
  @x.o = y;
  @y.o = x;          // a real cycle: freed by the collector, not by the last handle
  @x = null;
  @y = null;
  print("cycle dropped\n");
}
// expect: dtor a
// expect: after scope
// expect: dtor b
// expect: after null
// expect: cycle dropped
// expect: dtor x
// expect: dtor y
