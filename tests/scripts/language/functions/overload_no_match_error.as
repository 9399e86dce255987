// No candidate accepts the argument: "No matching signatures".
void f(int x) { print("int\n"); }
void f(double x) { print("double\n"); }
void main() {
  f("text");
}

// expect-error: 5 No matching signatures to 'f(const string)'
