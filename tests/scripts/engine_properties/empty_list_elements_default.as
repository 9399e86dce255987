// Without DISALLOW_EMPTY_LIST_ELEMENTS an empty element is a default value, and a trailing
// comma adds one too.
void main() {
  array<int> a = {1, 2,};
  print(a.length() + "\n");
  array<int> b = {1,, 3};
  print(b.length() + " " + b[1] + "\n");
}
// expect: 3
// expect: 3 0
