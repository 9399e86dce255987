// sortAsc/sortDesc ranges: fewer than 2 elements is never an error, a range past the end is;
// (quirk) a range whose end wraps around as an int sorts nothing.
void main() {
  array<int> a = {3, 2, 1};
  a.sortAsc(5, 1);
  a.sortAsc(0, 0);
  a.sortDesc(3, 1);
  print("" + a[0] + a[1] + a[2] + "\n");
  a.sortAsc(1, 2);
  print("" + a[0] + a[1] + a[2] + "\n");
  try { a.sortAsc(2, 2); } catch { print("caught: " + getExceptionInfo() + "\n"); }
  try { a.sortDesc(3, 2); } catch { print("caught: " + getExceptionInfo() + "\n"); }
  a.sortAsc(0, uint(-1));
  a.sortDesc(1, uint(-1));
  print("" + a[0] + a[1] + a[2] + "\n");
  array<int> e;
  e.sortAsc();
  e.sortDesc();
  print("" + e.length() + "\n");
}

// expect: 321
// expect: 312
// expect: caught: Index out of bounds
// expect: caught: Index out of bounds
// expect: 312
// expect: 0
