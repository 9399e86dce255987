// ?: with branches of different number types (2.38; 2.35.1 reports them ambiguous): a floating
// point branch makes the result float (double if either is double), else an unsigned branch wins
// over a signed one whatever the sizes, else the larger size. Enums count as int.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
enum E { V = 1 }
string t(int8) { return "int8"; }
string t(int16) { return "int16"; }
string t(int) { return "int"; }
string t(int64) { return "int64"; }
string t(uint8) { return "uint8"; }
string t(uint16) { return "uint16"; }
string t(uint) { return "uint"; }
string t(uint64) { return "uint64"; }
string t(float) { return "float"; }
string t(double) { return "double"; }
void main() {
  bool c = true;
  int8 i8 = 1; int16 i16 = 1; int i = 1; int64 i64 = 1;
  uint8 u8 = 1; uint16 u16 = 1; uint u = 1; uint64 u64 = 1; float fl = 1; double d = 1;
  print(t(c ? 1 : 1.) + " " + t(c ? 1 : uint(1)) + " " + t(c ? 1 : int16(1)) + " " + t(c ? 1 : 1.f) + "\n");
  print(t(c ? i : u) + " " + t(c ? u : i) + " " + t(c ? i8 : i16) + " " + t(c ? i : i64) + "\n");
  print(t(c ? fl : d) + " " + t(c ? i : fl) + " " + t(c ? i64 : fl) + " " + t(c ? u64 : d) + "\n");
  print(t(c ? i8 : u16) + " " + t(c ? u8 : i16) + " " + t(c ? i64 : u) + " " + t(c ? u64 : i) + "\n");
  print(t(c ? V : 0) + " " + t(c ? 0 : V) + " " + t(c ? V : i64) + " " + t(c ? u8 : 300) + "\n");
  int x = c ? i8 : i;
  double y = !c ? i : 2.5;
  uint z = c ? u : 5;
  print(x + " " + y + " " + z + "\n");
}
// expect: double uint int float
// expect: uint uint int16 int64
// expect: double float float double
// expect: uint16 uint8 uint uint64
// expect: int int int64 uint8
// expect: 1 2.5 1
