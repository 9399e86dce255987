// Precedence of * / % over + -, left associativity of - and /.
void main() {
  print("" + (2 + 3 * 4) + "\n");
  print("" + ((2 + 3) * 4) + "\n");
  print("" + (10 - 4 - 3) + "\n");
  print("" + (100 / 10 / 5) + "\n");
  print("" + (7 % 4 * 3) + "\n");
  print("" + (2 * 7 % 4) + "\n");
  print("" + (1 + 2 * 3 - 4 / 2) + "\n");
  print("" + (-2 * -3) + "\n");
}

// expect: 14
// expect: 20
// expect: 3
// expect: 2
// expect: 9
// expect: 2
// expect: 5
// expect: 6
