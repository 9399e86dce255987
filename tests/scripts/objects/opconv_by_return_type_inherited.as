// Conversion operators are told apart by what they return: a derived class's `int opConv()`
// leaves the base's `double opConv()` for double(x).
class Base {
  double dbl;
  double opConv() { print("base double\n"); return dbl; }
}
class Derived : Base {
  int opConv() { print("derived int\n"); return int(dbl); }
}
void main() {
  Derived x;
  x.dbl = 3.5;
  print("" + double(x) * 2 + "\n");
  print("" + int(x) * 2 + "\n");
}
// expect: base double
// expect: 7
// expect: derived int
// expect: 6
