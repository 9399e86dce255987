// Printing enums with string concatenation gives the numeric value.
enum E { Zero, One, Big = 1000000, Neg = -3 }
void main() {
  E e = Big;
  print("" + e + "\n");
  print("value: " + Neg + "\n");
  string s = "x";
  s += One;
  print(s + "\n");
}

// expect: 1000000
// expect: value: -3
// expect: x1
