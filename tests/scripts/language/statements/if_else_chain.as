// if / else if / else chains and nested if with dangling else.
string classify(int n) {
  if (n < 0) return "negative";
  else if (n == 0) return "zero";
  else if (n < 10) return "small";
  else return "large";
}
void main() {
  print(classify(-5) + " " + classify(0) + " " + classify(7) + " " + classify(100) + "\n");
  int a = 1, b = 2;
  if (a == 1)
    if (b == 3)
      print("b3\n");
    else
      print("dangling else binds to inner if\n");
  if (a == 2) print("no\n"); else { print("else block\n"); }
  if (true) {} else print("never\n");
  if (a > 0) print("single\n");
}

// expect: negative zero small large
// expect: dangling else binds to inner if
// expect: else block
// expect: single
