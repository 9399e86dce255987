// Index out of bounds raises "Index out of bounds".
void main() {
  array<int> a = {1, 2, 3};
  a[2] = 10;
  print("" + a[2] + "\n");
  a[3] = 1;
}

// expect: 10
// expect-exception: Index out of bounds
