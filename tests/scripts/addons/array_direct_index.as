// Array indexing and length() of every element kind, as the VM reads them directly.
class Obj { int v; Obj() {} Obj(int v) { this.v = v; } }
funcdef int Fn(int);
int twice(int x) { return x * 2; }
class Holder {
  array<int> nums = {1, 2, 3};
  array<Obj@> objs;
  int sum() { int s = 0; for (uint i = 0; i < nums.length(); i++) s += nums[i]; return s; }
  void bump() { for (uint i = 0; i < nums.length(); i++) nums[i] *= 10; }
}
void main() {
  array<int8> a8 = {-1, 2}; array<uint16> a16 = {65535, 7}; array<int64> a64 = {-5000000000, 1};
  array<float> af = {1.5f, 2.5f}; array<double> ad = {0.25, 4.0}; array<bool> ab = {true, false};
  print(a8[0] + " " + a16[0] + " " + a64[0] + " " + af[1] + " " + ad[0] + " " + ab[1] + "\n");
  a8[1] += 100; a16[1]--; a64[1] <<= 40; af[0] *= 2; ad[1] /= 8; ab[1] = !ab[1];
  print(a8[1] + " " + a16[1] + " " + a64[1] + " " + af[0] + " " + ad[1] + " " + ab[1] + "\n");
  array<string> as = {"x", "yz"};
  as[0] += "!"; print(as[0] + as[1] + " " + as[1].length() + "\n");
  array<Obj@> ao = {Obj(3), null};
  @ao[1] = ao[0]; ao[1].v = 9; print(ao[0].v + " " + (ao[1] is ao[0]) + "\n");
  array<Obj> av = {Obj(4)}; av[0].v++; print(av[0].v + "\n");
  array<Fn@> af2 = {@twice}; print(af2[0](21) + "\n");
  array<array<int>> g2 = {{1, 2}, {3, 4, 5}}; g2[1][2] = 50;
  print(g2.length() + " " + g2[1].length() + " " + g2[1][2] + " " + g2[0][1] + "\n");
  const array<int> c = {7, 8}; print(c[1] + " " + c.length() + "\n");
  Holder h; h.bump(); print(h.sum() + "\n");
  int64 big = 1; print(a8[big] + "\n");
  try { int x = h.nums[3]; print("no " + x + "\n"); } catch { print("caught " + getExceptionInfo() + "\n"); }
  array<int>@ nothing;
  try { print("" + nothing.length() + "\n"); } catch { print("caught " + getExceptionInfo() + "\n"); }
  try { nothing[0] = 1; } catch { print("caught " + getExceptionInfo() + "\n"); }
  int idx = -1;
  try { a8[idx] = 0; } catch { print("caught " + getExceptionInfo() + "\n"); }
  for (uint i = 0; i < h.nums.length(); i++) h.nums.removeLast();
  print(h.nums.length() + "\n");
  int[] r = {5, 6};
  print(r[r.length() - 1] + "\n");
  print(ao[5].v + "\n");
}
// expect: -1 65535 -5000000000 2.5 0.25 false
// expect: 102 6 1099511627776 3 0.5 true
// expect: x!yz 2
// expect: 9 true
// expect: 5
// expect: 42
// expect: 2 3 50 2
// expect: 8 2
// expect: 60
// expect: 102
// expect: caught Index out of bounds
// expect: caught Null pointer access
// expect: caught Null pointer access
// expect: caught Index out of bounds
// expect: 1
// expect: 6
// expect-exception: Index out of bounds
