// Calling a null funcdef handle raises "Unbound function called" (not "Null pointer access").
funcdef void F();
void main() {
  F@ f;
  print("before\n");
  f();
}

// expect: before
// expect-exception: Unbound function called
