// An exception inside a catch block propagates outward (uncaught here).
void main() {
  try {
    throw("first");
  } catch {
    print("caught " + getExceptionInfo() + "\n");
    throw("second");
  }
  print("never\n");
}

// expect: caught first
// expect-exception: second
