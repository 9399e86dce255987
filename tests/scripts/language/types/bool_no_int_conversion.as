// There is no implicit conversion from int to bool.
void main() {
  int x = 1;
  bool b = x;
  print("" + b + "\n");
}

// expect-error: 4 Can't implicitly convert from 'int' to 'bool'.
