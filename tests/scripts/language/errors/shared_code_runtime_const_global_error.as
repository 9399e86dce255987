// A const global initialised by a function call has no value until the script runs: shared code
// cannot read it (the reference: "Shared code cannot access non-shared global variable 'k'").
// A constant-initialised one is fine (globals/shared_code_const_global.as).
int h() { return 4; }
const int k = h();
shared int g() {
  return k;
}
void main() { print("" + g() + "\n"); }
// expect-error: 7 Shared code cannot access non-shared global variable 'k'
