// An exception in a called function is caught by the caller's try; locals unwind.
void level3() { print("level3\n"); throw("deep"); }
void level2() { level3(); print("never2\n"); }
void level1() {
  try { level2(); print("never1\n"); }
  catch { print("level1 caught " + getExceptionInfo() + "\n"); }
}
void main() {
  level1();
  print("main continues\n");
}

// expect: level3
// expect: level1 caught deep
// expect: main continues
