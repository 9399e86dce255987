// A typedef is the same type as its target: overloading on both is a redefinition.
typedef double real;
void f(double x) { print("double\n"); }
void f(real x) { print("real\n"); }
void main() {
  f(1.0);
}

// expect-error: 4 A function with the same name and parameters already exists
