// Assigning to a literal.
void main() {
  5 = 3;
}

// expect-error: 3 Expression is not an l-value
