// The _r forms are used when the object is the right operand.
class N {
  int v;
  N(int x) { v = x; }
  N opAdd(int o) const { print("opAdd "); return N(v + o); }
  N opAdd_r(int o) const { print("opAdd_r "); return N(o + v); }
  N opSub(int o) const { print("opSub "); return N(v - o); }
  N opSub_r(int o) const { print("opSub_r "); return N(o - v); }
  N opMul_r(int o) const { print("opMul_r "); return N(o * v); }
  N opDiv_r(int o) const { print("opDiv_r "); return N(o / v); }
  N opMod_r(int o) const { print("opMod_r "); return N(o % v); }
  N opPow_r(int o) const { print("opPow_r "); return N(o ** v); }
  N opAnd_r(int o) const { print("opAnd_r "); return N(o & v); }
  N opOr_r(int o) const { print("opOr_r "); return N(o | v); }
  N opXor_r(int o) const { print("opXor_r "); return N(o ^ v); }
  N opShl_r(int o) const { print("opShl_r "); return N(o << v); }
  N opShr_r(int o) const { print("opShr_r "); return N(o >> v); }
  N opUShr_r(int o) const { print("opUShr_r "); return N(o >>> v); }
}
void main() {
  N n(3);
  print("" + (n + 1).v + "\n");
  print("" + (1 + n).v + "\n");
  print("" + (n - 1).v + "\n");
  print("" + (10 - n).v + "\n");
  print("" + (10 * n).v + "\n");
  print("" + (10 / n).v + "\n");
  print("" + (10 % n).v + "\n");
  print("" + (2 ** n).v + "\n");
  print("" + (7 & n).v + "\n");
  print("" + (4 | n).v + "\n");
  print("" + (1 ^ n).v + "\n");
  print("" + (1 << n).v + "\n");
  print("" + (-16 >> n).v + "\n");
  print("" + (-16 >>> n).v + "\n");
}

// expect: opAdd 4
// expect: opAdd_r 4
// expect: opSub 2
// expect: opSub_r 7
// expect: opMul_r 30
// expect: opDiv_r 3
// expect: opMod_r 1
// expect: opPow_r 8
// expect: opAnd_r 3
// expect: opOr_r 7
// expect: opXor_r 2
// expect: opShl_r 8
// expect: opShr_r 536870910
// expect: opUShr_r -2
