// Calling a local int variable that hides a function.
int f() { return 1; }
void main() {
  int f = 5;
  print("" + f() + "\n");
}

// expect-error: 5 Expression doesn't form a function call. 'f' evaluates to the non-function type 'int'
