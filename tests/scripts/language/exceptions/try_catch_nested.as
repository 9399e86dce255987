// Nested try blocks: the innermost catch handles the exception; rethrow reaches the outer catch.
void main() {
  try {
    try {
      throw("inner");
    } catch {
      print("inner caught: " + getExceptionInfo() + "\n");
      throw("rethrown");
    }
  } catch {
    print("outer caught: " + getExceptionInfo() + "\n");
  }
  print("end\n");
}

// expect: inner caught: inner
// expect: outer caught: rethrown
// expect: end
