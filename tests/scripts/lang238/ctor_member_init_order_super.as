// Order of member initialisers vs. the base constructor in a derived class whose constructor
// calls super() (2.38: the class's members first, then the body; super() runs the base's
// members and constructor. 2.35.1 ran the members after super()).
// reference: 2.38 (2.38 behaviour; 2.35.1 differs)
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

// expect: derived member
// expect: derived ctor before super
// expect: base member
// expect: base ctor
// expect: derived ctor after super
