// "Unreachable code": the first statement after return, break or continue in a block (once per
// block; an empty statement does not count, nor code inside what is already unreachable).
int f() {
  return 1;
  int x = 2;
  x++;
}
void g() {
  for (int i = 0; i < 3; i++) {
    break;
    print("a\n");
  }
  while (true) {
    continue;
    ;
  }
}
void h(bool c) {
  if (c) return; else return;
  {
    print("b\n");
  }
}
void main() {
  print("" + f() + "\n");
}
// expect: 1
// expect-warning: 5 Unreachable code
// expect-warning: 11 Unreachable code
// expect-warning: 20 Unreachable code
