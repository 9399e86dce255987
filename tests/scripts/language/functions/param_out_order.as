// &out values are written back after the function returns; the same variable given twice
// receives the value of the last written-back argument.
void two(int &out a, int &out b) { a = 1; b = 2; }
void main() {
  int x = 0;
  two(x, x);
  print("" + x + "\n");
}

// expect: 1
