// Order of evaluation in assignments: the right-hand side is evaluated before the left-hand index.
array<int> a = {0, 0, 0};
int idx(int i) { print("[idx" + i + "]"); return i; }
int val(int v) { print("[val" + v + "]"); return v; }
void main() {
  a[idx(1)] = val(5);
  print("\n");
  a[idx(2)] += val(7);
  print("\n");
  print("" + a[0] + a[1] + a[2] + "\n");
}

// expect: [val5][idx1]
// expect: [val7][idx2]
// expect: 057
