// The same for a global: `const double pi(3.5);` is "Only objects have constructors".
const double pi(3.5);
void main() {
  print("x\n");
}
// expect-error: 2 Only objects have constructors
