// Regression (angelc got this wrong before): float(dictionaryValue) holding a double truncates to an integer (2.5 → 2); the
// reference converts through the float/double opConv and keeps the fraction.
void main() {
  dictionary d = {{"c", 2.5}, {"i", 7}};
  float a = float(d["c"]); print(a + "\n");
  double b = double(d["c"]); print(b + "\n");
  float h = float(d["i"]); print(h + "\n");
  dictionaryValue v = 1.75; float k = float(v); print(k + "\n");
  int8 i8 = int8(d["c"]); uint u = uint(d["c"]); int64 i64 = int64(d["c"]); print(i8 + " " + u + " " + i64 + "\n");
}
// expect: 2.5
// expect: 2.5
// expect: 7
// expect: 1.75
// expect: 2 2 2
