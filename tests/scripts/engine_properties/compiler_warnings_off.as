// engine-property: COMPILER_WARNINGS=0
// Without warnings the build is silent (no "Compiling" line either) and runs.
void main() {
  uint u = -1;
  print(u + "\n");
}
// expect: 4294967295
