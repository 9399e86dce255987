// Classes, interfaces, mixins
interface I { void m(); int p { get const; set; } }
interface J : I { int k() const; }
interface Fwd;
shared interface SI {}
class Base {
  Base() {}
  Base(int x) { this.x = x; }
  ~Base() {}
  int x;
  private int priv;
  protected int prot = 3;
  private void pm() {}
  protected int pf() const { return 1; }
  void virt() {}
  int get_prop() const property { return x; }
  void set_prop(int v) property { x = v; }
  int vp { get const { return x; } set { x = value; } }
  private int pvp { get { return 1; } }
  funcdef void CB(int);
  CB@ cb;
  Base@ opAssign(const Base &in o) { x = o.x; return this; }
};
class Derived : Base, I {
  Derived() { super(1); }
  Derived(int a) explicit { super(a); }
  void virt() override {}
  void m() final {}
  int p { get const { return 0; } set {} }
  void call() { Base::virt(); }
}
final class F {}
abstract class Abs { void f() {} }
shared class Sh { void f() {} }
external shared class Ext;
shared final abstract class Mixed {}
mixin class Mix { int mixed = 4; void mixf() {} }
class UsesMix : Mix {}
class Multi { int a, b = 2, c(3); array<int> arr = {1, 2}; int@[] handles; }
class Outer { Outer() {} void method() {} }
void main() {}
