// the value of a compound assignment is its left side after the store: globals, elements, members
int g = 1;
array<int> a = {1, 2};
class C { int m = 5; }
int f() { return g += 10; }
int h() { return g = 7; }
void main() {
  C c;
  int x = (a[1] *= 3);
  int y = (c.m -= 2);
  print("" + f() + " " + g + " " + h() + " " + x + " " + y + " " + a[1] + " " + c.m + "\n");
}
// expect: 11 11 7 6 3 6 3
