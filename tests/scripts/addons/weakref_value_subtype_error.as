// Value types have no handles to watch.
void main() {
  const_weakref<string> w;
}

// expect-error: 3 Attempting to instantiate invalid template type 'const_weakref<string>'
