// An initialization list on the right of an assignment to an existing array.
void main() {
  array<int> a;
  a = {9, 8};
  print("" + a.length() + " " + a[1] + "\n");
}

// expect: 2 8
