// Sorting elements without opCmp raises an exception, even for an empty array.
void main() {
  array<array<int>> m;
  print("x\n");
  m.sortAsc();
}

// expect: x
// expect-exception: Type 'array' does not have a matching opCmp method
