// Without an explicit super() call: base members, base ctor, derived members, derived ctor body.
int trace(string s) { print(s + "\n"); return 0; }
class Base {
  int b = trace("base member");
  Base() { trace("base ctor"); }
}
class Derived : Base {
  int d = trace("derived member");
  Derived() { trace("derived ctor"); }
}
void main() {
  Derived x;
}

// expect: base member
// expect: base ctor
// expect: derived member
// expect: derived ctor
