// e += 1 on an enum: the int result cannot be converted back implicitly.
enum E { A, B }
void main() {
  E e = A;
  e += 1;
  print("" + e + "\n");
}

// expect-error: 5 Can't implicitly convert from 'int' to 'E'.
