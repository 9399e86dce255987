// A3/A5: a class inheriting an interface list through a base class; implicit I@ -> J@, cast<>
// between sibling interfaces and down to classes; cast of null gives null.
interface J { int j(); }
interface K { int k(); }
interface I : J, K { }
class C : I {
  int j() { return 1; }
  int k() { return 2; }
}
class D : C {}
void main() {
  I@ i = D();
  J@ jj = i;
  K@ kk = cast<K>(jj);
  C@ c = cast<C>(kk);
  print("" + jj.j() + kk.k() + (c !is null) + (cast<D>(jj) !is null) + "\n");
  J@ n = null;
  print("" + (cast<K>(n) is null) + "\n");
}
// expect: 12truetrue
// expect: true
