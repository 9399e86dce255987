// Function handles in ref, dictionary and any: a funcdef of the same signature under another name
// takes them, one of another signature does not.
funcdef int F(int);
funcdef int G(int);
funcdef int H(float);
int twice(int x) { return 2 * x; }
void main() {
  F@ f = twice;
  ref r(@f);
  print("" + (r is null) + " " + (r is f) + "\n");
  G@ g;
  r.opCast(@g);
  print("" + (g is null) + " " + g(4) + "\n");
  dictionary d;
  d.set("f", @f);
  H@ h;
  F@ f2;
  @g = null;
  print("" + d.get("f", @g) + " " + (g is null) + " " + d.get("f", @h) + " " + (h is null) + "\n");
  print("" + d.get("f", @f2) + " " + (f2 is f) + "\n");
  any a(@f);
  @g = null;
  print("" + a.retrieve(@g) + " " + g(21) + "\n");
}

// expect: false true
// expect: false 8
// expect: true false true true
// expect: true true
// expect: true 42
