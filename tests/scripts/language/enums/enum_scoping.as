// Enum values can be used with or without the enum name as scope.
enum Color { Red, Green, Blue }
void main() {
  Color c = Color::Green;
  print("" + c + "\n");
  c = Blue;
  print("" + c + "\n");
  print("" + (c == Color::Blue) + " " + (Color::Red == Red) + "\n");
}

// expect: 1
// expect: 2
// expect: true true
