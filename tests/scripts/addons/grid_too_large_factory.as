// Creating a grid whose size does not fit is an exception.
void main() {
  grid<double> g(100000, 100000);
  print("not reached\n");
}

// expect-exception: Too large grid size
