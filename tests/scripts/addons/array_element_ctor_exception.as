// An element constructor that throws while an array is being made: the reference reports it as
// an exception in a nested call.
int n = 0;
class C { C() { n++; if (n == 2) throw("boom"); } }
void main() {
  array<C> a(1);
  print("one\n");
  try { array<C> b(3); } catch { print("caught " + getExceptionInfo() + " " + n + "\n"); }
  array<C> c(1);
  print("" + n + "\n");
}

// expect: one
// expect: caught An exception occurred in a nested call 2
// expect: 3
