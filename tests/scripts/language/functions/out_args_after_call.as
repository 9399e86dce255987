// An &out argument's expression is evaluated after the call, as the reference does: the
// element's address is taken once the callee has returned, so a callee that resizes the array
// cannot leave it dangling (it was a use after free when taken before).
array<int> a = {1, 2, 3};
int idx(int i) { print("idx " + i + "\n"); return i; }
void grow(int &out x) { print("grow\n"); a.resize(1000); x = 5; }
class Box {
  array<string> names = {"a", "b"};
  void fill(string &out s, int &out n) { print("fill\n"); names.resize(500); s = "filled"; n = 42; }
}
class Obj { int v = 0; }
Obj@ made;
Obj@ make() { print("make\n"); @made = Obj(); return made; }
void set7(int &out x) { print("set7\n"); x = 7; }
dictionary d;
void main() {
  grow(a[idx(1)]);
  print(a.length() + " " + a[1] + "\n");
  Box b;
  b.fill(b.names[idx(0)], a[idx(2)]);
  print(b.names.length() + " " + b.names[0] + " " + a[2] + "\n");
  set7(make().v);
  print(made.v + "\n");
  d.set("k", 9);
  d.get("k", a[idx(3)]);
  print(a[3] + "\n");
  try {
    grow(a[idx(5000)]);
  } catch {
    print("caught: " + getExceptionInfo() + "\n");
  }
}
// expect: grow
// expect: idx 1
// expect: 1000 5
// expect: fill
// expect: idx 2
// expect: idx 0
// expect: 500 filled 42
// expect: set7
// expect: make
// expect: 7
// expect: idx 3
// expect: 9
// expect: grow
// expect: idx 5000
// expect: caught: Index out of bounds
