// dictionary: getKeys, delete result, bool/int64/double get overloads, array/handle/dictionary values,
// value conversions, deleteAll, copy on assignment, dictionaryValue as a local.
class C { int v = 5; }
void main() {
  dictionary d = {{"b", 1}, {"a", "s"}, {"c", 2.5}};
  array<string>@ k = d.getKeys();
  k.sortAsc();
  print(join(k, ",") + " " + d.getSize() + "\n");
  print(d.delete("a") + " " + d.delete("zz") + " " + d.getSize() + "\n");
  d.set("t", true);
  bool bv = false; print(d.get("t", bv) + " " + bv + "\n");
  int64 iv = 9; print(d.get("t", iv) + " " + iv + "\n");
  double dv = 9; print(d.get("b", dv) + " " + dv + "\n");
  d["arr"] = array<int> = {1, 2};
  array<int>@ ap = cast<array<int>>(d["arr"]);
  print(ap.length() + "\n");
  array<int> ac; print(d.get("arr", ac) + " " + ac.length() + "\n");
  C c; d["h"] = @c;
  C@ hc; print(d.get("h", @hc) + " " + (hc is c) + "\n");
  C@ hc2 = cast<C>(d["h"]); print(hc2.v + "\n");
  dictionary inner; inner["x"] = 1;
  d["inner"] = inner;
  dictionary@ ip = cast<dictionary>(d["inner"]);
  print((ip is null) + " " + int(ip["x"]) + "\n");
  string s = string(d["b"]); print("[" + s + "]\n");
  int n = int(d["c"]); print(n + "\n");
  bool bb = bool(d["b"]); print(bb + "\n");
  d.deleteAll(); print(d.isEmpty() + " " + d.exists("b") + "\n");
  dictionary e = {{"x", 1}};
  dictionary f = e; f["x"] = 2;
  print(int(e["x"]) + " " + int(f["x"]) + "\n");
  dictionaryValue dvv = 3; print(int(dvv) + "\n");
}

// expect: a,b,c 3
// expect: true false 2
// expect: true true
// expect: true 1
// expect: true 1
// expect: 2
// expect: true 2
// expect: true true
// expect: 5
// expect: false 1
// expect: []
// expect: 2
// expect: true
// expect: true false
// expect: 1 2
// expect: 3
