// A class member that is no object takes no constructor arguments either: `int x(3);` and
// `C@ h(null);` are "Only objects have constructors" when the constructor is compiled (angelc
// used to initialise x with 3).
class C {
  int x(3);
  C@ h(null);
}
void main() { C c; print("" + c.x + "\n"); }
// expect-error: 5 Only objects have constructors
