// enum -> int is implicit; int -> enum needs an explicit conversion.
enum Color { Red, Green = 5, Blue }
void main() {
  int a = Blue;
  print("" + a + "\n");
  Color c = Color(5);
  print("" + c + "\n");
  print("" + (c == Green) + "\n");
  Color d = Color(42);
  print("" + d + "\n");
  int sum = Red + Green + Blue;
  print("" + sum + "\n");
}

// expect: 6
// expect: 5
// expect: true
// expect: 42
// expect: 11
