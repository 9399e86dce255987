// Regression (angelc got this wrong before): opConv/opImplConv/opCast overloads that differ only in return type are rejected ("A function with the same name and parameters already exists").
// A6.1: opConv/opImplConv/opCast are selected by return type.
class A { string n = "A"; }
class B { string n = "B"; }
class M {
  int v = 5;
  int opConv() const { return v; }
  double opConv() const { return v + 0.5; }
  int opImplConv() const { return v; }
  string opImplConv() const { return "M" + v; }
  A@ a = A();
  B@ b = B();
  A@ opCast() { return a; }
  B@ opCast() { return b; }
}
void main() {
  M m;
  print("" + int(m) + " " + double(m) + "\n");
  int i = m;
  string s = m;
  print("" + i + " " + s + "\n");
  print(cast<A>(m).n + cast<B>(m).n + "\n");
}
// expect: 5 5.5
// expect: 5 M5
// expect: AB
