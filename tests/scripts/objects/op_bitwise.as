// Bitwise operator overloads opAnd, opOr, opXor, opShl, opShr, opUShr.
class B {
  uint v;
  B(uint x) { v = x; }
  B opAnd(const B &in o) const { return B(v & o.v); }
  B opOr(const B &in o) const { return B(v | o.v); }
  B opXor(const B &in o) const { return B(v ^ o.v); }
  B opShl(int n) const { print("opShl "); return B(v << n); }
  B opShr(int n) const { print("opShr "); return B(v >> n); }
  B opUShr(int n) const { print("opUShr "); return B(v >>> n); }
}
void main() {
  B a(12), b(10);
  print("" + (a & b).v + " " + (a | b).v + " " + (a ^ b).v + "\n");
  print("" + (a << 2).v + "\n");
  print("" + (a >> 2).v + "\n");
  print("" + (a >>> 2).v + "\n");
}

// expect: 8 14 6
// expect: opShl 48
// expect: opShr 3
// expect: opUShr 3
