// A registered reference type without the GET_WEAKREF_FLAG behaviour can't be watched.
void main() {
  weakref<array<int>> w;
}

// expect-error: 0 The subtype doesn't support weak references
