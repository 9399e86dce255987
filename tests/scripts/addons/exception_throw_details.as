// throw() messages (empty, built at run time, cut at an embedded NUL), rethrowing from a catch
// block in a called function, built-in exceptions seen by getExceptionInfo(), and state kept
// from before the throw.
int div(int a, int b) { return a / b; }
void thrower(const string &in m) { throw(m); }
void rethrower() {
  try { throw("inner"); } catch { print("rethrower caught [" + getExceptionInfo() + "]\n"); throw("re:" + getExceptionInfo()); }
}
void main() {
  try { div(1, 0); } catch { print("1 [" + getExceptionInfo() + "]\n"); }
  print("2 [" + getExceptionInfo() + "]\n");
  try { throw(""); } catch { print("3 [" + getExceptionInfo() + "]\n"); }
  try { thrower("nested " + 42); } catch { print("4 [" + getExceptionInfo() + "]\n"); }
  try { rethrower(); } catch { print("5 [" + getExceptionInfo() + "]\n"); }
  try { string s = "abc"; uint8 c = s[10]; } catch { print("6 [" + getExceptionInfo() + "]\n"); }
  try { throw("a\x00b"); } catch { print("7 [" + getExceptionInfo() + "] " + getExceptionInfo().length() + "\n"); }
  int x = 0;
  try { x = 1; throw("t"); x = 2; } catch { print("8 x=" + x + "\n"); }
}

// expect: 1 [Divide by zero]
// expect: 2 [Divide by zero]
// expect: 3 []
// expect: 4 [nested 42]
// expect: rethrower caught [inner]
// expect: 5 [re:inner]
// expect: 6 [Out of range]
// expect: 7 [a] 1
// expect: 8 x=1
