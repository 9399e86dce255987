// formatFloat with flags, widths and precisions.
void main() {
  print("[" + formatFloat(3.14159) + "]\n");
  print("[" + formatFloat(3.14159, "", 0, 2) + "]\n");
  print("[" + formatFloat(3.14159, "", 10, 3) + "]\n");
  print("[" + formatFloat(3.14159, "l", 10, 3) + "]\n");
  print("[" + formatFloat(3.14159, "0", 10, 3) + "]\n");
  print("[" + formatFloat(-3.14159, "0", 10, 3) + "]\n");
  print("[" + formatFloat(3.14159, "+", 0, 1) + "]\n");
  print("[" + formatFloat(3.14159, " ", 0, 1) + "]\n");
  print("[" + formatFloat(12345.678, "e", 0, 2) + "]\n");
  print("[" + formatFloat(12345.678, "E", 0, 3) + "]\n");
  print("[" + formatFloat(12345.678, "e", 15, 2) + "]\n");
  print("[" + formatFloat(12345.678, "0e", 15, 2) + "]\n");
  print("[" + formatFloat(0.5, "", 0, 0) + "]\n");
  print("[" + formatFloat(1.5, "", 0, 0) + "]\n");
  print("[" + formatFloat(2.5, "", 0, 0) + "]\n");
  print("[" + formatFloat(-0.0, "", 0, 1) + "]\n");
  print("[" + formatFloat(1e20, "", 0, 1) + "]\n");
  print("[" + formatFloat(100, "+0", 8, 2) + "]\n");
}

// expect: [3]
// expect: [3.14]
// expect: [     3.142]
// expect: [3.142     ]
// expect: [000003.142]
// expect: [-00003.142]
// expect: [+3.1]
// expect: [ 3.1]
// expect: [1.23e+04]
// expect: [1.235E+04]
// expect: [       1.23e+04]
// expect: [00000001.23e+04]
// expect: [0]
// expect: [2]
// expect: [2]
// expect: [-0.0]
// expect: [100000000000000000000.0]
// expect: [+0100.00]
