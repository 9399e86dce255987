// insertAt past the end raises "Index out of bounds".
void main() {
  array<int> a = {1};
  a.insertAt(1, 2);
  print("" + a.length() + "\n");
  a.insertAt(3, 4);
}

// expect: 2
// expect-exception: Index out of bounds
