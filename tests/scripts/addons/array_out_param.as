// An `&out` parameter of type array<int>: the callee gets a fresh array, which is then
// assigned to the argument.
void fill(array<int> &out r) { r.insertLast(5); }
void main() {
  array<int> b = {1, 2};
  fill(b);
  print("" + b.length() + " " + b[0] + "\n");
}

// expect: 1 5
