// (quirk) int64/uint64 elements are compared by their low 32 bits as a signed int in find,
// sortAsc and ==; the other primitive types compare normally.
void main() {
  array<int64> a = {0x100000001, 7};
  print("" + a.find(1) + " " + a.find(0x200000007) + " " + (a == array<int64> = {1, 7}) + "\n");
  array<int64> b = {0x100000000, 1, -5, 0x7FFFFFFF00000000};
  b.sortAsc();
  print("" + b[0] + " " + b[1] + " " + b[2] + " " + b[3] + "\n");
  array<uint64> c = {0xFFFFFFFF, 1};
  c.sortAsc();
  print("" + c[0] + " " + c[1] + "\n");
  array<uint> d = {0xFFFFFFFF, 1};
  d.sortAsc();
  print("" + d[0] + " " + d[1] + "\n");
}

// expect: 0 1 true
// expect: -5 4294967296 9223372032559808512 1
// expect: 4294967295 1
// expect: 1 4294967295
