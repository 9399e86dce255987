// Method calls through handles that may be null, on script classes (non-virtual and virtual) and on
// registered types: the optimiser folds the null check into the call, which still raises
// "Null pointer access" where the check did, with nothing after it run; caught by try/catch.
class Leaf { int n = 0; int bump() { return ++n; } }
class Base { int tag() { return 1; } }
class Derived : Base { int tag() override { return 2; } }
int calls = 0;
int count() { return ++calls; }
void main() {
  Leaf@ l = Leaf();
  dictionary@ d = dictionary();
  Base@ b = Derived();
  int total = 0;
  for (int i = 0; i < 3; i++) {
    total += l.bump();
    d.set("k", int64(i));
    total += b.tag();
  }
  print("total " + total + " size " + d.getSize() + "\n");
  @l = null; @d = null; @b = null;
  try { l.bump(); print("not reached\n"); } catch { print("script method: " + getExceptionInfo() + "\n"); }
  try { d.set("x", int64(count())); print("not reached\n"); } catch { print("registered method: " + getExceptionInfo() + " calls " + calls + "\n"); }
  try { b.tag(); print("not reached\n"); } catch { print("virtual method: " + getExceptionInfo() + "\n"); }
  array<Leaf@> leaves = {Leaf(), null};
  try {
    for (uint i = 0; i < leaves.length(); i++) print("leaf " + i + " " + leaves[i].bump() + "\n");
  } catch { print("in a loop: " + getExceptionInfo() + "\n"); }
  l.bump();
}

// expect: total 12 size 1
// expect: script method: Null pointer access
// expect: registered method: Null pointer access calls 1
// expect: virtual method: Null pointer access
// expect: leaf 0 1
// expect: in a loop: Null pointer access
// expect-exception: Null pointer access
