// for with several variables declared in the init and several increment expressions.
void main() {
  for (int i = 0, j = 10; i < j; i++, j--) {
    print("" + i + "," + j + ";");
  }
  print("\n");
  int a, b = 0;
  for (a = 0; a < 3; a++, b += 2) {}
  print("" + a + " " + b + "\n");
  int n = 0;
  for (int x = 0, y = 2, z = 4; x < y + z; x++, n++, n++) {}
  print("" + n + "\n");
}

// expect: 0,10;1,9;2,8;3,7;4,6;
// expect: 3 6
// expect: 12
