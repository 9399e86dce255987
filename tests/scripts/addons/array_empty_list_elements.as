// Empty elements in an init list get default values.
void main() {
  array<int> a = {1, , 3};
  print("" + a.length() + " " + a[0] + " " + a[1] + " " + a[2] + "\n");
}

// expect: 3 1 0 3
