// removeLast on an empty array raises "Index out of bounds".
void main() {
  array<int> a;
  print("x\n");
  a.removeLast();
}

// expect: x
// expect-exception: Index out of bounds
