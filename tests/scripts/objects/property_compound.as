// Compound assignment on a virtual property calls get then set.
class P {
  int _v = 1;
  int v {
    get { print("get;"); return _v; }
    set { print("set(" + value + ")"); _v = value; }
  }
}
void main() {
  P p;
  p.v += 5;
  print("\n" + p._v + "\n");
}

// expect: get;set(6)
// expect: 6
