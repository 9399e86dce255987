// const globals, also usable in constant expressions.
const int SIZE = 4;
const double HALF = 0.5;
const string NAME = "const";
const int DOUBLE_SIZE = SIZE * 2;
void main() {
  print("" + SIZE + " " + HALF + " " + NAME + " " + DOUBLE_SIZE + "\n");
  int x = 8;
  switch (x) {
    case DOUBLE_SIZE: print("matched\n"); break;
  }
}

// expect: 4 0.5 const 8
// expect: matched
