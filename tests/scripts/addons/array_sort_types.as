// sortAsc/sortDesc on every primitive type, enums and strings.
enum Color { Red = 3, Green = 1, Blue = 2 }
void main() {
  array<int8> i8 = {5, -3, 0, 127, -128};
  i8.sortAsc();
  print("" + i8[0] + " " + i8[1] + " " + i8[2] + " " + i8[3] + " " + i8[4] + "\n");
  array<uint8> u8 = {200, 3, 255, 0};
  u8.sortDesc();
  print("" + u8[0] + " " + u8[1] + " " + u8[2] + " " + u8[3] + "\n");
  array<int16> i16 = {-300, 300, 0};
  i16.sortAsc();
  print("" + i16[0] + " " + i16[1] + " " + i16[2] + "\n");
  array<uint16> u16 = {65535, 1, 256};
  u16.sortAsc();
  print("" + u16[0] + " " + u16[1] + " " + u16[2] + "\n");
  array<float> f = {1.5f, -2.25f, 0};
  f.sortDesc();
  print("" + f[0] + " " + f[1] + " " + f[2] + "\n");
  array<double> d = {3.5, -1e10, 2};
  d.sortAsc();
  print("" + d[0] + " " + d[1] + " " + d[2] + "\n");
  array<bool> b = {true, false, true, false};
  b.sortAsc();
  print("" + b[0] + " " + b[1] + " " + b[2] + " " + b[3] + "\n");
  array<Color> c = {Red, Green, Blue};
  c.sortAsc();
  print("" + c[0] + " " + c[1] + " " + c[2] + " " + c.find(Blue) + "\n");
  array<string> s = {"b", "", "ab", "a"};
  s.sortDesc();
  print(s[0] + "," + s[1] + "," + s[2] + "," + s[3] + "\n");
}

// expect: -128 -3 0 5 127
// expect: 255 200 3 0
// expect: -300 0 300
// expect: 1 256 65535
// expect: 1.5 0 -2.25
// expect: -1e+10 2 3.5
// expect: false false true true
// expect: 1 2 3 1
// expect: b,ab,a,
