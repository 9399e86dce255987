// Assigning to a const local variable.
void main() {
  const int c = 1;
  print("" + c + "\n");
  c = 2;
}

// expect-error: 5 Expression is not an l-value
