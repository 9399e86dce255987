// The for-loop variable is not visible after the loop.
void main() {
  for (int i = 0; i < 3; i++) {}
  print("" + i + "\n");
}

// expect-error: 4 No matching symbol 'i'
