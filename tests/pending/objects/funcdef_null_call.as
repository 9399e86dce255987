// Calling a null function handle: "Null pointer access".
funcdef void F();
void main() {
  F@ f;
  print("before\n");
  f();
}

// expect: before
// expect-exception: Unbound function called
