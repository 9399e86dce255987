// A const global of an object type (a string) is a variable of the module, even when initialised
// by a literal: shared code cannot read it, as in the reference.
const string s = "x";
shared string g() {
  return s;
}
void main() { print(g() + "\n"); }
// expect-error: 5 Shared code cannot access non-shared global variable 's'
