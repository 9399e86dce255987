// Calling the base implementation explicitly with Base::method().
class Base {
  string name() { return "base"; }
}
class Derived : Base {
  string name() override { return "derived+" + Base::name(); }
}
void main() {
  Derived d;
  print(d.name() + "\n");
  Base@ b = d;
  print(b.name() + "\n");
}

// expect: derived+base
// expect: derived+base
