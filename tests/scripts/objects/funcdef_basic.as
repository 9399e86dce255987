// funcdef declares a function signature; handles to matching functions can be stored and called.
funcdef int BinOp(int, int);
int add(int a, int b) { return a + b; }
int mul(int a, int b) { return a * b; }
int apply(BinOp@ op, int a, int b) { return op(a, b); }
void main() {
  BinOp@ f = @add;
  print("" + f(2, 3) + "\n");
  @f = mul;
  print("" + f(2, 3) + "\n");
  print("" + apply(add, 10, 20) + " " + apply(@mul, 10, 20) + "\n");
}

// expect: 5
// expect: 6
// expect: 30 200
