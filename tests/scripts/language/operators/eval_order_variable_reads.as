// When the left operand is a LOCAL variable, the reference reads it when the operator executes,
// i.e. after the right operand's side effects; globals and array elements are read first.
int g = 1;
int f() { g = 10; return 0; }
int h(int &out x) { x = 100; return 0; }
void main() {
  print("" + (g + f()) + "\n");
  int l = 1;
  print("" + (l + h(l)) + "\n");
  int i = 1;
  print("" + (i + i++) + "\n");
  i = 1;
  print("" + (i + ++i) + "\n");
  i = 1;
  print("" + (i++ + i) + "\n");
  i = 1;
  print("" + (i * (i = 3)) + "\n");
  double d = 1;
  print("" + (d + (d = 5)) + "\n");
  string s = "a";
  print(s + (s = "b") + "\n");
  array<int> arr = {1};
  print("" + (arr[0] + (arr[0] = 7)) + "\n");
}

// expect: 1
// expect: 100
// expect: 3
// expect: 4
// expect: 3
// expect: 9
// expect: 10
// expect: bb
// expect: 8
