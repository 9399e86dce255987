// An initialisation list as the right operand of an operator on an object builds an object of
// the left operand's type: arr == {1, 2}.
void main() {
  array<int> a = {1, 2};
  print("" + (a == {1, 2}) + " " + (a != {1, 2}) + " " + (a == {2, 1}) + "\n");
  array<string> s = {"x"};
  if (s == {"x"}) print("same\n");
}
// expect: true false false
// expect: same
