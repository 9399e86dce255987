// Expressions: precedence, operators, calls, casts, lambdas, init lists
class Obj { int v; int opCall(int a) { return a; } Obj@ self() { return this; } int get(int a, int b) { return a + b; } }
funcdef int FN(int);
int two(int a, int b) { return a - b; }
void outp(int &out r) { r = 1; }
namespace ns { int nv = 3; int nf() { return 4; } }
int gv = 1;
void main() {
  int a = 1, b = 2, c = 3;
  bool t = true, u = false;
  a = 1 + 2 * 3 - 4 / 5 % 6;
  a = 2 ** 3 ** 2;
  a = -a ** 2;
  a = (1 + 2) * 3;
  a = a << 1 >> 2 >>> 3;
  a = a & b | c ^ a;
  t = a < b == b > c;
  t = a <= b != (b >= c);
  t = t && u || !t and u or not u;
  t = t ^^ u xor t;
  a = t ? 1 : u ? 2 : 3;
  a = b = c = 4;
  a += 1; a -= 1; a *= 2; a /= 2; a %= 3; a **= 2;
  a &= 1; a |= 2; a ^= 3; a <<= 1; a >>= 1; a >>>= 1;
  a++; a--; ++a; --a; a = -a; a = +a; a = ~a;
  t = !t;
  Obj o; Obj@ h = @o; Obj@ h2 = o.self().self();
  t = h is null; t = h !is null; t = @h == @o;
  a = o.v; o.v = 5; a = o.get(1, 2); a = o(3); a = h.self()(4);
  array<int> arr = {1, 2, 3};
  a = arr[0] + arr[a + 1];
  a = arr.length();
  a = two(b: 1, a: 2);
  a = ns::nv + ns::nf() + ::gv;
  outp(void);
  a = int(3.5) + int8(1) + uint(2);
  float fv = float(a);
  array<int> made = array<int>(3);
  array<int>@ hm = array<int>(2, 7);
  int[] ia = int[](3);
  Obj@ cst = cast<Obj>(h);
  FN@ fp = function(x) { return x * 2; };
  FN@ fp2 = function(int x) { return x; };
  a = fp(1);
  array<int> lst = array<int> = {1, 2};
  array<array<int>> nested = {{1, 2}, {}, {3}};
  array<int> holes = {1, , 3};
  array<int> trailing = {1, 2, };
  dictionary dict = {{"k", 1}};
  a = arr.length() > 0 ? arr[0] : -1;
  a = (t ? b : c);
  (t ? b : c) = 42;
}
