// Default arguments, including expressions and using globals.
int G = 100;
void f(int a, int b = 2, int c = 3) { print("" + a + " " + b + " " + c + "\n"); }
void g(string s = "def", double d = 1.5) { print(s + " " + d + "\n"); }
void h(int x = G + 1) { print("" + x + "\n"); }
void main() {
  f(1);
  f(1, 20);
  f(1, 20, 30);
  g();
  g("x");
  h();
  G = 5;
  h();
  h(0);
}

// expect: 1 2 3
// expect: 1 20 3
// expect: 1 20 30
// expect: def 1.5
// expect: x 1.5
// expect: 101
// expect: 6
// expect: 0
