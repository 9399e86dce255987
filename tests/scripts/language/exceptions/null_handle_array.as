// Calling a method through a null array handle: "Null pointer access".
void main() {
  array<int>@ a;
  print("before\n");
  print("" + a.length() + "\n");
}

// expect: before
// expect-exception: Null pointer access
