// bool does not convert to int, not even explicitly.
void main() {
  bool b = true;
  int x = int(b);
  print("" + x + "\n");
}

// expect-error: 4 No conversion from 'const bool' to 'const int' available.
