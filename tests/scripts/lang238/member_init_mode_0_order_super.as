// engine-property: MEMBER_INIT_MODE=0
// reference: 2.38 (asEP_MEMBER_INIT_MODE is 2.38's)
// MEMBER_INIT_MODE=0 keeps the order before 2.38: a constructor that calls super(...) runs its
// statements before it, then the base constructor, then its own member initialisers right after
// super(...) (2.38: the members first; ctor_member_init_order_super.as).
int trace(string s) { print(s + "\n"); return 0; }
class Base {
  int b = trace("base member");
  Base() { trace("base ctor"); }
}
class Derived : Base {
  int d = trace("derived member");
  Derived() { trace("derived ctor before super"); super(); trace("derived ctor after super"); }
}
void main() {
  Derived x;
}

// expect: derived ctor before super
// expect: base member
// expect: base ctor
// expect: derived member
// expect: derived ctor after super
