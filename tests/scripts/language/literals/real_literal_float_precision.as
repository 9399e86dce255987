// A float literal is rounded to float precision; the double literal keeps more digits.
void main() {
  float f = 16777217.0f;
  double d = 16777217.0;
  print(formatFloat(f, "", 0, 1) + "\n");
  print(formatFloat(d, "", 0, 1) + "\n");
  print("" + (f == 16777216.0f) + "\n");
  double fd = 0.1f;
  print(formatFloat(fd, "", 0, 10) + "\n");
}

// expect: 16777216.0
// expect: 16777217.0
// expect: true
// expect: 0.1000000015
