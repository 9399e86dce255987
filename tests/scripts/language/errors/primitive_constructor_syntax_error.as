// `double x(3.5);`: constructor arguments for a variable that is no object. The reference:
// "Only objects have constructors" (the variable is then uninitialised); angelc used to take the
// argument as the initial value.
void main() {
  int q = 1;
  double x(3.5);
  print("" + x + q + "\n");
}
// expect-error: 6 Only objects have constructors
