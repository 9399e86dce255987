// The first error is in the second function; the earlier function compiles fine.
void ok() {
  print("fine\n");
}
void bad() {
  int x = "no";
}
void main() {
  ok();
}

// expect-error: 6 Can't implicitly convert from 'const string' to 'int'.
