// opConv (explicit) and opImplConv (implicit) conversions to primitives.
class Num {
  int v;
  Num(int x) { v = x; }
  int opImplConv() const { print("opImplConv "); return v; }
  double opConv() const { print("opConv "); return v + 0.5; }
}
void main() {
  Num n(3);
  int i = n;
  print("" + i + "\n");
  double d = double(n);
  print("" + d + "\n");
  print("" + (n + 1) + "\n");
}

// expect: opImplConv 3
// expect: opConv 3.5
// expect: opImplConv 4
