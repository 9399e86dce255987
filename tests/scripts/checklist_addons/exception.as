// exception routines: throw from a nested call, empty message, built-in exception messages, throw in a
// catch block, getExceptionInfo after the catch, uncaught throw.
class C { int v; }
void thrower(int n) { if (n == 0) throw("deep " + n); thrower(n - 1); }
void main() {
  try { thrower(3); } catch { print("[" + getExceptionInfo() + "]\n"); }
  try { throw(""); } catch { print("[" + getExceptionInfo() + "]\n"); }
  try { C@ c; c.v = 1; } catch { print("[" + getExceptionInfo() + "]\n"); }
  try { int z = 0; int x = 1 / z; } catch { print("[" + getExceptionInfo() + "]\n"); }
  try {
    try { throw("inner"); } catch { print("in " + getExceptionInfo() + "\n"); throw("outer"); }
  } catch { print("out " + getExceptionInfo() + "\n"); }
  string s = getExceptionInfo(); print(s + "\n");
  try { array<int> a; a[0] = 1; } catch { print("[" + getExceptionInfo() + "]\n"); }
  try { string t = "ab"; t[5] = 1; } catch { print("[" + getExceptionInfo() + "]\n"); }
  throw("final");
}

// expect: [deep 0]
// expect: []
// expect: [Null pointer access]
// expect: [Divide by zero]
// expect: in inner
// expect: out outer
// expect: outer
// expect: [Index out of bounds]
// expect: [Out of range]
// expect-exception: final
