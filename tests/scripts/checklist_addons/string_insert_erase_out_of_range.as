// Regression (angelc got this wrong before): insert/erase with pos > length throw 'Out of range'; the reference's message is
// 'Caught an exception from the application' (std::out_of_range escaping the native call).
void main() {
  string u = "abc";
  try { u.insert(10, "X"); print("ins ok " + u + "\n"); } catch { print("ins exc: " + getExceptionInfo() + "\n"); }
  try { u.erase(10); print("erase ok " + u + "\n"); } catch { print("erase exc: " + getExceptionInfo() + "\n"); }
  try { print(u.substr(10) + "|sub\n"); } catch { print("sub exc: " + getExceptionInfo() + "\n"); }
  try { u.erase(1, -5); print("erase2 ok " + u + "\n"); } catch { print("erase2 exc: " + getExceptionInfo() + "\n"); }
}

// expect: ins exc: Caught an exception from the application
// expect: erase exc: Caught an exception from the application
// expect: |sub
// expect: erase2 ok a
