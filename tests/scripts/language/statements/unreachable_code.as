// Code after return is unreachable; the reference accepts it (at most a warning).
int f() {
  return 1;
  print("never\n");
}
void main() {
  print("" + f() + "\n");
  return;
  print("never either\n");
}

// expect: 1
