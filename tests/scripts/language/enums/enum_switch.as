// Enums in switch statements.
enum Op { Add, Sub, Mul }
int apply(Op op, int a, int b) {
  switch (op) {
    case Add: return a + b;
    case Sub: return a - b;
    case Op::Mul: return a * b;
  }
  return 0;
}
void main() {
  print("" + apply(Add, 6, 3) + " " + apply(Sub, 6, 3) + " " + apply(Mul, 6, 3) + "\n");
}

// expect: 9 3 18
