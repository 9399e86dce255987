// A3: global variables (multi, const, constructor args, init list), global virtual properties in
// block syntax (get/set, get-only) and method syntax with `property`, stray `;`.
class Obj { int v; Obj(int x) { v = x; } }
int a = 0, b;
const uint F = 1;
Obj o(23);
array<int> arr = {1, 2, 3};
int gv = 5;
int prop { get { return gv * 2; } set { gv = value; } }
int get_p2() property { return 100; }
void set_p2(int v) property { print("set_p2 " + v + "\n"); }
int ro { get { return 1; } }
;
void main() {
  print("" + a + " " + b + " " + F + " " + o.v + " " + arr[2] + "\n");
  print("" + prop + "\n");
  prop = 7;
  print("" + gv + " " + prop + "\n");
  prop += 1;
  print("" + gv + "\n");
  p2 = 3;
  print("" + p2 + " " + ro + "\n");
}
;
// expect: 0 0 1 23 3
// expect: 10
// expect: 7 14
// expect: 15
// expect: set_p2 3
// expect: 100 1
