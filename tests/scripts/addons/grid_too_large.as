// A grid whose size does not fit is an exception.
void main() {
  grid<int> g(10, 10);
  print("" + g.width() + "\n");
  g.resize(100000, 100000);
  print("not reached\n");
}

// expect: 10
// expect-exception: Too large grid size
