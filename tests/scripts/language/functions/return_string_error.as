// Returning a string from an int function is an error.
int f() {
  return "text";
}
void main() {
  print("" + f() + "\n");
}

// expect-error: 3 No conversion from 'const string' to 'int' available.
