// Functions cannot be overloaded by return type only.
int f(int x) { return 1; }
double f(int x) { return 2; }
void main() {
  print("" + f(1) + "\n");
}

// expect-error: 3 A function with the same name and parameters already exists
