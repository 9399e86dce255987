// Method overloading inside a class.
class C {
  string f(int x) { return "int"; }
  string f(double x) { return "double"; }
  string f(const string &in x) { return "string"; }
}
void main() {
  C c;
  print(c.f(1) + " " + c.f(1.5) + " " + c.f("s") + "\n");
}

// expect: int double string
