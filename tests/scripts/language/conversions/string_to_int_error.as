// A string does not convert to int.
void main() {
  string s = "12";
  int x = s;
  print("" + x + "\n");
}

// expect-error: 4 Can't implicitly convert from 'string' to 'int'.
