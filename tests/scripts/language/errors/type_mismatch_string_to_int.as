// Assigning a string to an int variable.
void main() {
  int a = 0;
  a = "five";
  print("" + a + "\n");
}

// expect-error: 4 Can't implicitly convert from 'const string' to 'int'.
