// In a nested block a local may shadow a parameter.
void f(int a) {
  {
    int a = 2;
    print("inner " + a + "\n");
  }
  print("param " + a + "\n");
}
void main() {
  f(1);
}

// expect: inner 2
// expect: param 1
