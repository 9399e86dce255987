// Two globals whose initialisers read each other: "Use of uninitialized global variable 'b'.".
int a = b + 1;
int b = a + 1;
void main() {
  print("" + a + " " + b + "\n");
}

// expect-error: 2 Use of uninitialized global variable 'b'.
