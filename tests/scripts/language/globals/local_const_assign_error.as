// Assigning to a const local is an error.
void main() {
  const int x = 5;
  x += 1;
}

// expect-error: 4 Expression is not an l-value
