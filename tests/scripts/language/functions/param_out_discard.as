// void can be passed for an &out argument to discard it.
void two(int &out a, int &out b) { a = 1; b = 2; }
void main() {
  int x = 0;
  two(x, void);
  print("" + x + "\n");
  int y = 0;
  two(void, y);
  print("" + y + "\n");
}

// expect: 1
// expect: 2
