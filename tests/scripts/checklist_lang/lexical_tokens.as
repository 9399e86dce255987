// A1: every operator token of the language, `!is` and `::` (checklist A1 "Tokens").
class C { int v; C(int x) { v = x; } }
int a2 = 9;
void main() {
  int a = 7, b = 3;
  print("" + (a*b) + " " + (a**2) + " " + (a/b) + " " + (a%b) + " " + (a+b) + " " + (a-b) + "\n");
  print("" + (a<=b) + (a<b) + (a>=b) + (a>b) + (a==b) + (a!=b) + "\n");
  print("" + (a>b?1:2) + "\n");
  int c = 1; c += 2; c -= 1; c *= 6; c /= 4; c %= 2; c **= 3; print("" + c + "\n");
  c = 5; c++; ++c; c--; --c; print("" + c + "\n");
  print("" + (a&b) + " " + (a|b) + " " + (a^b) + " " + (~a) + " " + (a<<2) + " " + (a>>1) + " " + (-a>>>1) + "\n");
  int d = 0xF0; d &= 0x3C; d |= 1; d ^= 3; d <<= 2; d >>= 1; d >>>= 1; print("" + d + "\n");
  bool t = true, f = false;
  print("" + (t&&f) + (t||f) + (!t) + (t^^f) + "\n");
  array<int> arr = {1,2,3}; print("" + arr[1] + "\n");
  C@ h = C(4); C@ n = null;
  print("" + (h is null) + (h !is null) + (n is null) + (h!is null) + "\n");
  print("" + ::a2 + "\n");
}
// expect: 21 49 2 1 10 4
// expect: falsefalsetruetruefalsetrue
// expect: 1
// expect: 1
// expect: 5
// expect: 3 7 4 4294967288 28 3 -4
// expect: 50
// expect: falsetruefalsetrue
// expect: 2
// expect: falsetruetruetrue
// expect: 9
