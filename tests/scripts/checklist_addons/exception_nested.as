// exceptions raised inside add-on calls: a throwing sort callback (the exception does not reach the
// caller: nothing is printed), constructors run by array/dictionary/any, grid index out of range.
bool bad(const int &in a, const int &in b) { throw("in callback"); return a < b; }
class K { K() { throw("in ctor"); } }
void main() {
  array<int> a = {2, 1};
  try { a.sort(bad); } catch { print("1 " + getExceptionInfo() + "\n"); }
  try { K k; } catch { print("2 " + getExceptionInfo() + "\n"); }
  try { array<K> ks(2); } catch { print("3 " + getExceptionInfo() + "\n"); }
  dictionary d;
  try { d["k"] = K(); } catch { print("4 " + getExceptionInfo() + "\n"); }
  print(d.exists("k") + "\n");
  try { grid<int> g(2, 2, 0); g[2, 2] = 1; } catch { print("5 " + getExceptionInfo() + "\n"); }
  try { any x; x.store(K()); } catch { print("6 " + getExceptionInfo() + "\n"); }
}

// expect: 2 in ctor
// expect: 3 An exception occurred in a nested call
// expect: 4 in ctor
// expect: false
// expect: 5 Index out of bounds
// expect: 6 in ctor
