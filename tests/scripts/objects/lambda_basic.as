// Anonymous functions (lambdas) assigned to funcdef handles; no capture of locals.
funcdef int Op(int, int);
funcdef bool Pred(int);
int reduce(array<int>@ a, Op@ op, int init) {
  int acc = init;
  for (uint i = 0; i < a.length(); i++) acc = op(acc, a[i]);
  return acc;
}
void main() {
  array<int> a = {1, 2, 3, 4};
  print("" + reduce(a, function(x, y) { return x + y; }, 0) + "\n");
  print("" + reduce(a, function(x, y) { return x * y; }, 1) + "\n");
  Pred@ even = function(n) { return n % 2 == 0; };
  print("" + even(4) + " " + even(5) + "\n");
}

// expect: 10
// expect: 24
// expect: true false
