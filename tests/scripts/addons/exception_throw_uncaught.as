// An uncaught throw() ends the script with its message; output before it is kept.
void f() { throw("gave up: " + formatInt(3, "0", 2)); }
void main() {
  print("before\n");
  f();
  print("never\n");
}

// expect: before
// expect-exception: gave up: 03
