// Using an enum value name that exists in two enums without scope.
enum A { Val = 1 }
enum B { Val = 2 }
void main() {
  int x = Val;
  print("" + x + "\n");
}

// expect-error: 5 Found multiple matching enum values
