// A variable declared in the for init is scoped to the loop; it can be redeclared afterwards.
void main() {
  for (int i = 0; i < 2; i++) print("a" + i + " ");
  for (int i = 10; i < 12; i++) print("b" + i + " ");
  int i = 99;
  print("i " + i + "\n");
}

// expect: a0 a1 b10 b11 i 99
