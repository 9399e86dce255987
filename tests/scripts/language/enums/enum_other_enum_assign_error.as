// Values of one enum cannot be assigned to a variable of another enum.
enum A { X }
enum B { Y }
void main() {
  A a = Y;
  print("" + a + "\n");
}

// expect-error: 5 Can't implicitly convert from 'B' to 'A'.
