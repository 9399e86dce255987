// Arrays of function handles: init list with functions and null, calls through elements,
// findByRef, copies sharing the functions.
funcdef int CB(int);
int twice(int x) { return 2 * x; }
int neg(int x) { return -x; }
void main() {
  array<CB@> fs = {twice, neg, null};
  print("" + fs[0](3) + " " + fs[1](3) + " " + (fs[2] is null) + " " + fs.findByRef(@neg) + "\n");
  array<CB@> gs = fs;
  gs.removeAt(0);
  @gs[1] = twice;
  print("" + gs.length() + " " + fs.length() + " " + gs[1](5) + " " + (fs[2] is null) + "\n");
}

// expect: 6 -3 true 1
// expect: 2 3 10 true
