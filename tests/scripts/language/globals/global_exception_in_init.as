// An exception in a global initialiser makes the build fail (INIT_GLOBAL_VARS_AFTER_BUILD): main never runs.
int zero = 0;
int bad = 10 / zero;
void main() {
  print("main\n");
}

// expect-error: 3 Failed to initialize global variable 'bad'
