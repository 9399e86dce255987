// A method defined in the class takes precedence over the mixin's method.
mixin class M {
  string who() { return "mixin"; }
  string call() { return who(); }
}
class C : M {
  string who() { return "class"; }
}
void main() {
  C c;
  print(c.call() + "\n");
}

// expect: class
