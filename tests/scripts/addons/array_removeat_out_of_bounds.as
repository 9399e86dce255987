// removeAt with an invalid index raises "Index out of bounds".
void main() {
  array<int> a = {1};
  a.removeAt(0);
  print("" + a.length() + "\n");
  a.removeAt(0);
}

// expect: 0
// expect-exception: Index out of bounds
