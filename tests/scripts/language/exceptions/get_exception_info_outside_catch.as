// getExceptionInfo() outside a catch block returns an empty string.
void main() {
  print("[" + getExceptionInfo() + "]\n");
}

// expect: []
