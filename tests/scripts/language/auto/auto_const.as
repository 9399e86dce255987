// const auto variables cannot be modified.
void main() {
  const auto x = 10;
  print("" + x + "\n");
  x = 5;
}

// expect-error: 5 Expression is not an l-value
