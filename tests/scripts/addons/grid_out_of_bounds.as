// Indexing a grid outside its size raises an exception.
void main() {
  grid<int> g(2, 2);
  g[1, 1] = 1;
  print("" + g[1, 1] + "\n");
  int x = g[2, 0];
}

// expect: 1
// expect-exception: Index out of bounds
