// math registers no constants: PI is not a symbol.
void main() {
  print(formatFloat(PI, "", 0, 3) + "\n");
}

// expect-error: 3
