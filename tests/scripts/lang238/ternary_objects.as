// ?: with branches of different object types (2.38): a derived class and its base give the base
// handle, a class and an interface it implements the interface, a const handle makes the result
// const; null : null is null; an init list takes the other branch's type; two functions of the
// same signature give the first funcdef declared with it.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
funcdef void FD();
funcdef void FE();
interface I { string name() const; }
class B : I { string name() const { return "B"; } }
class D : B { string name() const override { return "D"; } }
class foo {}
void f() { print("f\n"); }
void g() { print("g\n"); }
array<int> lists(bool flag) { return flag ? {5, 6} : array<int>(); }
array<int> lists2(bool flag) { return flag ? array<int>() : {7}; }
void main() {
  bool c = true;
  B b; D d;
  auto h1 = c ? @b : @d;
  auto h2 = !c ? @b : @d;
  print(h1.name() + h2.name() + "\n");
  I@ i = c ? cast<I>(b) : d;
  print(i.name() + "\n");
  const B@ cb = b;
  auto h3 = c ? cb : @d;
  print(h3.name() + "\n");
  foo@ n = c ? null : null;
  print((n is null) + "\n");
  print(lists(true).length() + " " + lists(false).length() + " " + lists2(false)[0] + "\n");
  auto x = c ? f : g;
  x();
  FD@ y = !c ? f : g;
  y();
  FD@ fd = f;
  FD@ z = c ? fd : g;
  z();
}
// expect: BD
// expect: B
// expect: B
// expect: true
// expect: 2 0 7
// expect: f
// expect: g
// expect: f
