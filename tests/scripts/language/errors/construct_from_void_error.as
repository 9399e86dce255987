// A conversion to a primitive from a void call: the void is not shown as const.
void make() {}
void main() {
  int x = int(make());
}
// expect-error: 4 No conversion from 'void' to 'const int' available.
