// auto from a reference-type variable (array) deduces a HANDLE: both names refer to one object.
void main() {
  array<int> a = {1, 2, 3};
  auto b = a;
  b.insertLast(4);
  print("" + a.length() + " " + b.length() + "\n");
  print("" + (a is b) + "\n");
}

// expect: 4 4
// expect: true
