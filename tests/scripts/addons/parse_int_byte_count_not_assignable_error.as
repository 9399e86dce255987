// parseInt's byteCount is an output: it needs something assignable.
void main() {
  int64 v = parseInt("12", 10, 5);
}

// expect-error: 3 Output argument expression is not assignable
