// try/catch catches a script exception and execution continues after the catch block.
void main() {
  int z = 0;
  try {
    print("in try\n");
    int x = 1 / z;
    print("not reached\n");
  } catch {
    print("caught: " + getExceptionInfo() + "\n");
  }
  print("after\n");
}

// expect: in try
// expect: caught: Divide by zero
// expect: after
