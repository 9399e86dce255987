// Accessing a member through a null handle: "Null pointer access".
class C { int v = 1; void hello() { print("hello\n"); } }
void main() {
  C@ h = C();
  h.hello();
  @h = null;
  print("before\n");
  h.hello();
}

// expect: hello
// expect: before
// expect-exception: Null pointer access
