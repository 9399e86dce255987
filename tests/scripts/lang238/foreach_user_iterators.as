// foreach (2.38): an object iterator is assigned with @ (a handle), a single variable takes
// opForValue (else opForValue0), const containers use the const overloads, `auto` and `auto@`
// take the value's type, and several variables take opForValue0, 1, 2.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Iter { int i = 0; }
class Range {
  Iter @opForBegin() { return Iter(); }
  bool opForEnd(Iter@ it) { return it.i >= 3; }
  Iter @opForNext(Iter@ it) { it.i++; return it; }
  int opForValue(Iter@ it) { return it.i; }
}
class Both {
  int[] data = {1, 2, 3, 4};
  uint opForBegin() { return 0; }
  bool opForEnd(uint i) { return i == 4; }
  int &opForValue(uint i) { return data[i]; }
  uint opForNext(uint i) { return i + 1; }
  uint opForBegin() const { return 4; }
  bool opForEnd(uint i) const { return i == 0; }
  const int &opForValue(uint i) const { return data[i - 1]; }
  uint opForNext(uint i) const { return i - 1; }
}
class Three {
  uint opForBegin() { return 0; }
  bool opForEnd(uint i) { return i == 2; }
  uint opForNext(uint i) { return i + 1; }
  uint opForValue0(uint i) { return i; }
  string opForValue1(uint i) { return "s" + i; }
  double opForValue2(uint i) { return i + 0.5; }
}
class Obj { string name; Obj(const string &in n) { name = n; } }
class Objs {
  Obj@[] list = { Obj("a"), Obj("b") };
  uint opForBegin() { return 0; }
  bool opForEnd(uint i) { return i >= list.length(); }
  uint opForNext(uint i) { return i + 1; }
  Obj@ opForValue(uint i) { return list[i]; }
}
void main() {
  string s;
  foreach (auto v : Range()) s += v;
  print(s + "\n");
  Both b;
  s = "";
  foreach (int v : b) s += v;
  const Both @c = b;
  foreach (auto v : c) s += v;
  print(s + "\n");
  s = "";
  foreach (uint i, string n, double d : Three()) s += i + n + d + ";";
  foreach (uint i : Three()) s += i;
  print(s + "\n");
  Objs o;
  foreach (auto @x : o) x.name += "!";
  foreach (Obj@ x : o) print(x.name + "\n");
}
// expect: 012
// expect: 12344321
// expect: 0s00.5;1s11.5;01
// expect: a!
// expect: b!
