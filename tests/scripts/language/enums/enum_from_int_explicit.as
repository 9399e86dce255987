// int -> enum needs the constructor-style conversion; any int value is accepted.
enum E { A, B, C }
void main() {
  int i = 2;
  E e = E(i);
  print("" + e + " " + (e == C) + "\n");
  E f = E(99);
  print("" + f + "\n");
  E g = E(-1);
  print("" + g + "\n");
}

// expect: 2 true
// expect: 99
// expect: -1
