// Postfix ++ and -- on an enum variable are accepted by the reference (the value steps by one,
// even past the last declared value); prefix ++/-- are errors (see enum_prefix_inc_error.as).
enum E { A, B }
void main() {
  E e = A;
  e++;
  print("" + e + " " + (e == B) + "\n");
  e++;
  print("" + e + "\n");
  e--;
  e--;
  print("" + e + " " + (e == A) + "\n");
}

// expect: 1 true
// expect: 2
// expect: 0 true
