// A negative array index converts to a huge uint: "Index out of bounds".
void main() {
  array<int> a = {1, 2, 3};
  int i = -1;
  print("ok\n");
  a[i] = 5;
}

// expect: ok
// expect-exception: Index out of bounds
