// Order of member initialisers vs. base constructor in a derived class.
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
