// Assigning an int to an enum variable is an error.
enum E { A, B }
void main() {
  E e = A;
  e = 1;
  print("" + e + "\n");
}

// expect-error: 5 Can't implicitly convert from 'int' to 'E'.
