// Function handles compare with is / !is.
funcdef void F();
void a() {}
void b() {}
void main() {
  F@ x = @a;
  F@ y = @a;
  F@ z = @b;
  F@ n;
  print("" + (x is y) + " " + (x is z) + " " + (n is null) + " " + (z !is null) + "\n");
}

// expect: true false true true
