// A mixin class declared in another namespace (test_mixin L20): class c : n::m. The mixin's
// members are resolved in the mixin's namespace (i, helper() are n's), this class's members seen.
namespace n {
  interface i { int v(); }
  class k : i { int v() { return 5; } }
  int helper() { return 40; }
  mixin class m {
    i@ held;
    int f(i@ x) { i@ a = x; return a.v() + helper(); }
    int g() { return val + 1; }
  }
}
int helper() { return 1; }
class c : n::m { int val = 10; }
void main() {
  c o;
  print("" + o.f(n::k()) + " " + o.g() + "\n");
  @o.held = n::k();
  print("" + o.held.v() + "\n");
}
// expect: 45 11
// expect: 5
