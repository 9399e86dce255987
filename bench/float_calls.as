// Float math through registered functions (the math add-on's float sqrt, sin, cos, abs, floor,
// pow, atan2). x = k/1024 is exact in float and double; the sum is printed to a precision
// float and double rounding agree on, so the Lua twin (doubles) prints the same.
void main() {
  double t = 0;
  for (int i = 0; i < 2048000; i++) {
    float x = float(i % 1024) / 1024.0f;
    t += sqrt(x) + sin(x) * cos(x) + abs(x - 0.5f) + floor(x * 10.0f) + pow(x, 1.5f) + atan2(x, 1.0f - x);
  }
  print(formatFloat(t, "", 0, 0) + "\n");
}
