// Array index out of range: "Index out of bounds".
void main() {
  array<int> a = {1, 2, 3};
  print("" + a[2] + "\n");
  print("" + a[3] + "\n");
}

// expect: 3
// expect-exception: Index out of bounds
