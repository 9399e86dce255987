// int -> enum is not implicit.
enum Color { Red, Green }
void main() {
  int x = 1;
  Color c = x;
  print("" + c + "\n");
}

// expect-error: 5 Can't implicitly convert from 'int' to 'Color'.
