// getExceptionInfo() keeps returning the last exception's message after the catch block ends.
void main() {
  print("[" + getExceptionInfo() + "]\n");
  try { throw("first"); } catch {}
  print("[" + getExceptionInfo() + "]\n");
  try { print("no exception\n"); } catch {}
  print("[" + getExceptionInfo() + "]\n");
}

// expect: []
// expect: [first]
// expect: no exception
// expect: [first]
