// Default opAssign copies all members (deep for value members, shares handles).
class Inner { int v = 0; }
class Outer {
  int n = 0;
  string s;
  Inner@ h;
  array<int> arr;
}
void main() {
  Outer a;
  a.n = 1; a.s = "s"; @a.h = Inner(); a.arr.insertLast(5);
  Outer b;
  b = a;
  a.n = 2; a.s = "t"; a.h.v = 9; a.arr[0] = 6;
  print("" + b.n + " " + b.s + " " + b.h.v + " " + b.arr[0] + "\n");
}

// expect: 1 s 9 5
