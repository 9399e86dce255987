// Comparing enum values with each other and with ints.
enum E { A, B, C }
void main() {
  E e = B;
  print("" + (e == B) + " " + (e != A) + " " + (e < C) + " " + (e > A) + "\n");
  print("" + (e == 1) + " " + (2 > e) + "\n");
}

// expect: true true true true
// expect: true true
