// &inout on a primitive is not allowed by default (ALLOW_UNSAFE_REFERENCES off).
void f(int &inout x) { x++; }
void main() {
  int a = 1;
  f(a);
  print("" + a + "\n");
}

// expect-error: 2 Only object types that support object handles can use &inout. Use &in or &out instead
