// Parameters after a parameter with a default value must also have defaults.
void f(int a = 1, int b) { print("" + a + b + "\n"); }
void main() {
  f(1, 2);
}

// expect-error: 2 All subsequent parameters after the first default value must have default values in function 'void f(int = 1, int)'
