// Unary operator overloads opNeg, opCom, opPreInc, opPreDec, opPostInc, opPostDec.
class C {
  int v;
  C() { v = 0; }
  C(int x) { v = x; }
  C opNeg() const { return C(-v); }
  C opCom() const { return C(~v); }
  C@ opPreInc() { v++; print("opPreInc "); return this; }
  C@ opPreDec() { v--; print("opPreDec "); return this; }
  C opPostInc() { C old(v); v++; print("opPostInc "); return old; }
  C opPostDec() { C old(v); v--; print("opPostDec "); return old; }
}
void main() {
  C c(5);
  print("" + (-c).v + " " + (~c).v + "\n");
  print("" + (++c).v + "\n");
  print("" + (c++).v + " now " + c.v + "\n");
  print("" + (--c).v + "\n");
  print("" + (c--).v + " now " + c.v + "\n");
}

// expect: -5 -6
// expect: opPreInc 6
// expect: opPostInc 6 now 7
// expect: opPreDec 6
// expect: opPostDec 6 now 5
