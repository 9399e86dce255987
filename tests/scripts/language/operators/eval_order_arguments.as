// Function arguments are evaluated from RIGHT to LEFT in AngelScript.
int v(int x) { print("" + x + " "); return x; }
int f3(int a, int b, int c) { return a * 100 + b * 10 + c; }
void g(int a, double b, string c) { print("| " + a + " " + b + " " + c + "\n"); }
string s(string x) { print(x + " "); return x; }
void main() {
  int r = f3(v(1), v(2), v(3));
  print("=> " + r + "\n");
  g(v(4), v(5), s("six"));
  r = f3(v(1) + v(2), v(3), v(4) * v(5));
  print("=> " + r + "\n");
}

// expect: 3 2 1 => 123
// expect: six 5 4 | 4 5 six
// expect: 4 5 3 1 2 => 350
