// engine-property: DISABLE_INTEGER_DIVISION=1
// Integer operands of / divide as doubles; % and the other operators stay integral.
void main() {
  int a = 7, b = 2;
  double d = a / b;
  print(d + "\n");
  float fl = 7 / 2;
  print(fl + "\n");
  int64 x = 9, y = 4;
  print((x / y) + "\n");
  uint u = 9;
  print((u / 2) + "\n");
  print((7 % 2) + "\n");
  auto q = 1 / 4;
  print(q + "\n");
  print((a * b - 1) + "\n");
}
// expect: 3.5
// expect: 3.5
// expect: 2.25
// expect: 4.5
// expect: 1
// expect: 0.25
// expect: 13
