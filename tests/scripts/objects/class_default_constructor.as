// Without a declared constructor a default one exists; members get their initialisers.
class A {
  int n = 5;
  string s = "init";
  double d = 1.5;
  array<int> arr = {1, 2};
}
void main() {
  A a;
  print("" + a.n + " " + a.s + " " + a.d + " " + a.arr.length() + "\n");
}

// expect: 5 init 1.5 2
