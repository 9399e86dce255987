// &out arguments of registered functions written into local variables (passed in place): numbers
// of several widths, in a loop, beside &out objects, and a parameter of the calling function.
int64 lookup(dictionary@ d, const string &in k, int64 v) { d.get(k, v); return v; }
void main() {
  dictionary d;
  d.set("a", 12); d.set("b", 2.75); d.set("c", -3);
  int64 i = 0; double f = 0; int64 total = 0;
  for (int n = 0; n < 4; n++) {
    d.get("a", i); total += i;
    d.get("b", f); total += int64(f * 4);
    d.get("c", i); total += i;
  }
  print("total " + total + "\n");
  uint used = 0;
  int64 p = parseInt("123abc", 10, used);
  print("parseInt " + p + " used " + used + "\n");
  double pf = parseFloat("2.5e3xyz", used);
  print("parseFloat " + pf + " used " + used + "\n");
  uint64 pu = parseUInt("ff", 16, used);
  print("parseUInt " + pu + " used " + used + "\n");
  print("parameter " + lookup(d, "a", 0) + "\n");
  string s;
  int64 a = 0;
  bool ok = d.get("a", a) && !d.get("a", s);
  print("mixed " + ok + " " + a + " [" + s + "]\n");
}

// expect: total 80
// expect: parseInt 123 used 3
// expect: parseFloat 2500 used 5
// expect: parseUInt 255 used 2
// expect: parameter 12
// expect: mixed true 12 []
