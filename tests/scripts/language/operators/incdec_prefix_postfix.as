// Prefix returns the new value, postfix the old value.
void main() {
  int a = 5;
  print("" + a++ + " " + a + "\n");
  print("" + ++a + " " + a + "\n");
  print("" + a-- + " " + a + "\n");
  print("" + --a + " " + a + "\n");
  int b = a++ + a++;
  print("" + b + " " + a + "\n");
}

// expect: 5 6
// expect: 7 7
// expect: 7 6
// expect: 5 5
// expect: 11 7
