// ++ and -- on every numeric type.
void main() {
  int8 a = 1; a++; ++a; a--; print("" + a + "\n");
  int16 b = 1; b++; ++b; print("" + b + "\n");
  int c = 1; c++; ++c; print("" + c + "\n");
  int64 d = 1; d++; ++d; print("" + d + "\n");
  uint8 e = 1; e++; ++e; print("" + e + "\n");
  uint16 f = 1; f++; ++f; print("" + f + "\n");
  uint g = 1; g++; ++g; print("" + g + "\n");
  uint64 h = 1; h++; ++h; print("" + h + "\n");
  float i = 1.5f; i++; ++i; print("" + i + "\n");
  double j = 1.5; j++; ++j; j--; print("" + j + "\n");
  double k = 0.25; --k; print("" + k + "\n");
}

// expect: 2
// expect: 3
// expect: 3
// expect: 3
// expect: 3
// expect: 3
// expect: 3
// expect: 3
// expect: 3.5
// expect: 2.5
// expect: -0.75
