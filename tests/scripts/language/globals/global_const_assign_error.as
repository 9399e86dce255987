// Assigning to a const global is an error.
const int LIMIT = 10;
void main() {
  LIMIT = 11;
  print("" + LIMIT + "\n");
}

// expect-error: 4 Expression is not an l-value
