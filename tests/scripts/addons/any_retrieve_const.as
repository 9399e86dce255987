// reference: 2.38 (2.38 feature; 2.35.1 differs)
// any::retrieve is const (2.38): a const any, or one reached through a const handle, can be read.
class Box { int v = 9; }
void show(const any &in a) {
  int64 i = -1;
  double d = -1;
  string s = "none";
  Box @b;
  bool gotI = a.retrieve(i), gotD = a.retrieve(d), gotS = a.retrieve(s), gotB = a.retrieve(@b);
  // (what a failed retrieve leaves in its &out argument differs between the engines: not shown)
  print((gotI ? "" + i : "-") + " " + (gotD ? "" + d : "-") + " " + (gotS ? s : "-") + " " + (gotB ? "" + b.v : "-") + "\n");
}
void main() {
  show(any(42));
  show(any(2.5));
  show(any("text"));
  show(any(@Box()));
  const any c(7);
  int64 v;
  print(c.retrieve(v) + " " + v + "\n");
  const any @h = any("h");
  string s;
  print(h.retrieve(s) + " " + s + "\n");
}
// expect: 42 42 - -
// expect: 2 2.5 - -
// expect: - - text -
// expect: - - - 9
// expect: true 7
// expect: true h
