// engine-property: IGNORE_DUPLICATE_SHARED_INTF=1
// reference: 2.38 (asEP_IGNORE_DUPLICATE_SHARED_INTF is 2.36's)
// With IGNORE_DUPLICATE_SHARED_INTF=1 a shared interface may be declared again (as scripts that
// include a file twice did with 2.35.0): the later declaration is the same interface when each
// of its methods is one of the first's (it may leave some out and name parameters differently).
// Without the property it is a name conflict (ignore_duplicate_shared_intf_off_error.as).
shared interface I { void f(); int g(int a); }
shared interface I { int g(int b); void f(); }
shared interface I { void f(); }
class C : I {
  void f() { print("f\n"); }
  int g(int x) { return x * 2; }
}
void main() {
  C c;
  I@ i = c;
  i.f();
  print("" + i.g(21) + "\n");
}
// expect: f
// expect: 42
