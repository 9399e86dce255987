// Casting between interfaces and classes.
interface IA { int a(); }
interface IB { int b(); }
class Both : IA, IB {
  int a() { return 1; }
  int b() { return 2; }
}
class OnlyA : IA {
  int a() { return 10; }
}
void main() {
  IA@ x = Both();
  IB@ y = cast<IB>(x);
  print("" + x.a() + " " + (y !is null) + " " + y.b() + "\n");
  IA@ z = OnlyA();
  IB@ w = cast<IB>(z);
  print("" + (w is null) + "\n");
  Both@ bb = cast<Both>(y);
  print("" + (bb is x) + "\n");
}

// expect: 1 true 2
// expect: true
// expect: true
