// reference: 2.38 (2.35.1 finds no array<Test@>::less for the method)
// Delegates of child funcdefs: a class's own funcdef named inside the class (`fd(f1)` binds the
// method f1 to this) or through the class (`C::fd(c.f1)`), and a template instance's
// (`array<Test@>::less(t.Less)` for array::sort).
class C {
  funcdef void fd();
  string name;
  C(string n) { name = n; }
  void f1() { print("f1 of " + name + "\n"); }
  void f2() {
    fd@ a = C::fd(f1);
    fd@ b = fd(f1);
    a();
    b();
  }
}
class Test {
  int val;
  Test(int a) { val = a; }
  bool Less(const Test@ const &in a, const Test@ const &in b) { return a.val < b.val; }
}
void main() {
  C c("c");
  c.f2();
  C::fd@ d = C::fd(c.f1);
  d();
  array<Test@> arr = {Test(3), Test(1), Test(2)};
  Test t(0);
  arr.sort(array<Test@>::less(t.Less));
  for (uint i = 0; i < arr.length(); i++) print("" + arr[i].val + "\n");
}
// expect: f1 of c
// expect: f1 of c
// expect: f1 of c
// expect: 1
// expect: 2
// expect: 3
