// int64/uint64 elements compare whole in find, sortAsc and == (2.38; 2.35.1 compared their low
// 32 bits as a signed int); the other primitive types compare normally.
// reference: 2.38
void main() {
  array<int64> a = {0x100000001, 7};
  print("" + a.find(1) + " " + a.find(0x200000007) + " " + a.find(0x100000001) + " " + (a == array<int64> = {1, 7}) + "\n");
  array<int64> b = {0x100000000, 1, -5, 0x7FFFFFFF00000000};
  b.sortAsc();
  print("" + b[0] + " " + b[1] + " " + b[2] + " " + b[3] + "\n");
  array<uint64> c = {0xFFFFFFFF, 1, 0xFFFFFFFFFFFFFFFF};
  c.sortAsc();
  print("" + c[0] + " " + c[1] + " " + c[2] + "\n");
  array<uint> d = {0xFFFFFFFF, 1};
  d.sortAsc();
  print("" + d[0] + " " + d[1] + "\n");
}

// expect: -1 -1 0 false
// expect: -5 1 4294967296 9223372032559808512
// expect: 1 4294967295 18446744073709551615
// expect: 1 4294967295
