// Constructor-style conversions T(expr) for every primitive type.
void main() {
  double d = 65.75;
  print("" + int8(d) + " " + int16(d) + " " + int(d) + " " + int64(d) + "\n");
  print("" + uint8(d) + " " + uint16(d) + " " + uint(d) + " " + uint64(d) + "\n");
  print("" + float(d) + " " + double(7) + "\n");
  int x = 3;
  print("" + (float(x) / 2) + " " + (double(x) / 2) + "\n");
  print("" + int(float(x) / 2) + "\n");
  print("" + int32(x) + " " + uint32(x) + "\n");
}

// expect: 65 65 65 65
// expect: 65 65 65 65
// expect: 65.75 7
// expect: 1.5 1.5
// expect: 1
// expect: 3 3
