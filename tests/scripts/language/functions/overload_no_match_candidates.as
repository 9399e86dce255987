// After "No matching signatures" the reference says "Candidates are:" and lists each candidate
// with its parameter names and default arguments.
void set(int a, float b = 1) {}
void set(double d) {}
void main() {
  set("x");
}
// expect-error: 6 No matching signatures to 'set(const string)'
// expect-info: 6 Candidates are:
// expect-info: 6 void set(int a, float b = 1)
// expect-info: 6 void set(double d)
