// switch on int64/uint64 works on the low 32 bits only in 2.35.1: the value is converted to int,
// so 5000000000 matches case 705032704 (5000000000 mod 2^32) and 0x100000003 matches case 3.
void main() {
  int64 a = 5000000000;
  switch (a) {
    case 705032704: print("low bits match\n"); break;
    default: print("default\n");
  }
  int64 b = 3;
  switch (b) { case 3: print("three\n"); break; }
  uint64 c = 0x100000003;
  switch (c) { case 3: print("c three\n"); break; default: print("c default\n"); }
  int64 d = -1;
  switch (d) { case -1: print("d -1\n"); break; default: print("d default\n"); }
}

// expect: low bits match
// expect: three
// expect: c three
// expect: d -1
