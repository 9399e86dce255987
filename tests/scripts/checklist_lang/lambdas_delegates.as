// A5: lambdas with inferred and explicit parameter types, delegates, handle identity with `is`.
funcdef bool CMP(int, int);
funcdef void CB(int);
bool run(CMP@ c, int a, int b) { return c(a, b); }
void call(CB@ f) { f(1); }
class Obj { int base = 100; void m(int x) { print("m " + (base + x) + "\n"); } }
void main() {
  print("" + run(function(a, b) { return a == b; }, 2, 2) + "\n");
  call(function(int a) { print("int " + a + "\n"); });
  Obj o;
  CB@ d = CB(o.m);
  d(5);
  CB@ d2 = d;
  print("" + (d is d2) + "\n");
  CMP@ c = function(a, b) { return a < b; };
  print("" + c(1, 2) + " " + (c is null) + "\n");
}
// expect: true
// expect: int 1
// expect: m 105
// expect: true
// expect: true false
