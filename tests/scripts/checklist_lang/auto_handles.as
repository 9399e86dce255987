// A2: `auto`, `const auto`, `auto@`; a reference-type initialiser gives a handle.
class C { int v = 3; }
void main() {
  auto i = 18;
  const auto d = 2.5;
  auto@ h = C();
  auto o = C();
  C x;
  auto y = x;
  y.v = 10;
  print("" + i + " " + d + " " + h.v + " " + o.v + " " + x.v + "\n");
  auto s = "x" + i;
  s += "!";
  print(s + "\n");
}
// expect: 18 2.5 3 3 10
// expect: x18!
