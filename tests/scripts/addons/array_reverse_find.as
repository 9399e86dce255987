// reverse, find, find with start, findByRef.
class O {}
void main() {
  array<int> a = {1, 2, 3, 2, 1};
  a.reverse();
  print("" + a[0] + a[1] + a[2] + a[3] + a[4] + "\n");
  print("" + a.find(2) + " " + a.find(2, 2) + " " + a.find(9) + " " + a.find(10, 1) + "\n");
  O x, y;
  array<O@> hs = {x, y, x};
  print("" + hs.findByRef(y) + " " + hs.findByRef(1, x) + " " + hs.findByRef(O()) + "\n");
  array<string> s = {"a", "b"};
  print("" + s.find("b") + "\n");
}

// expect: 12321
// expect: 1 3 -1 -1
// expect: 1 2 -1
// expect: 1
