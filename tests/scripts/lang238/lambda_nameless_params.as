// Lambdas with nameless typed parameters (2.38): `function(int a, int) { ... }`.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
funcdef void f(int, int);
funcdef int g(int);
void call(f@ h) { h(1, 2); }
void main() {
  f@ f1 = function(int arg1, int) { print("a " + arg1 + "\n"); };
  f1(5, 6);
  call(function(int, int b) { print("b " + b + "\n"); });
  g@ g1 = function(int) { return 3; };
  print(g1(0) + "\n");
  f@ f2 = function(a, b) { print("c " + (a + b) + "\n"); };
  f2(1, 2);
}
// expect: a 5
// expect: b 2
// expect: 3
// expect: c 3
