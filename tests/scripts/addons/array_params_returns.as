// Arrays as parameters (&in, &inout, handles) and return values.
int[]@ make(int n) { int[] r; for (int i = 0; i < n; i++) r.insertLast(i * i); return r; }
void grow(int[] &inout r) { r.insertLast(r.length()); }
int total(const array<int> &in r) { int s = 0; for (uint i = 0; i < r.length(); i++) s += r[i]; return s; }
void clear(int[]@ r) { r.resize(0); }
void main() {
  int[]@ a = make(4);
  print("" + a.length() + " " + a[3] + " " + total(a) + "\n");
  int[] b = {9, 8};
  print("" + b.length() + " " + b[0] + "\n");
  grow(b);
  grow(b);
  print("" + b.length() + " " + b[2] + " " + b[3] + "\n");
  clear(b);
  print("" + b.isEmpty() + " " + total(make(3)) + "\n");
}

// expect: 4 9 14
// expect: 2 9
// expect: 4 2 3
// expect: true 5
