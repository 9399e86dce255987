// Arithmetic operator overloads opAdd, opSub, opMul, opDiv, opMod, opPow.
class N {
  int v;
  N(int x) { v = x; }
  N opAdd(const N &in o) const { return N(v + o.v); }
  N opSub(const N &in o) const { return N(v - o.v); }
  N opMul(const N &in o) const { return N(v * o.v); }
  N opDiv(const N &in o) const { return N(v / o.v); }
  N opMod(const N &in o) const { return N(v % o.v); }
  N opPow(const N &in o) const { return N(v ** o.v); }
}
void main() {
  N a(17), b(5);
  print("" + (a + b).v + " " + (a - b).v + " " + (a * b).v + " " + (a / b).v + " " + (a % b).v + " " + (b ** N(2)).v + "\n");
}

// expect: 22 12 85 3 2 25
