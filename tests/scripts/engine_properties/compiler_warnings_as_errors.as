// engine-property: COMPILER_WARNINGS=2
// Warnings stay warnings, and the build fails with one more error.
void main() {
  uint u = -1;
  print(u + "\n");
}
// expect-error: 0 Warnings are treated as errors by the application
