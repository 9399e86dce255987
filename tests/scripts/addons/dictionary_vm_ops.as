// get, set and exists of int64 and double values run as instructions of their own: the same
// results as the registered methods through every kind of argument (locals, members, array
// elements, handles), a number set over an object (released), conversions between the stored
// and the asked-for type, and a null dictionary.
class Noisy {
  string name;
  Noisy(const string &in n) { name = n; }
  ~Noisy() { print("released " + name + "\n"); }
}
class Holder {
  int64 i;
  double f;
  dictionary@ d;
}
void main() {
  dictionary d;
  array<string> keys = {"a", "bb", "ccc", "a longer key than sixteen bytes"};
  for (uint i = 0; i < keys.length(); i++) d.set(keys[i], int64(i * 10));
  int64 v = -1;
  bool found = d.get(keys[2], v);
  print("get " + found + " " + v + "\n");
  found = d.get("missing", v);
  print("missing " + found + " " + v + " exists " + d.exists("missing") + " " + d.exists(keys[3]) + "\n");
  // into members, through a handle held by an object
  Holder h;
  @h.d = d;
  h.d.get(keys[3], h.i);
  h.d.set("f", 2.5);
  h.d.get("f", h.f);
  print("members " + h.i + " " + h.f + "\n");
  // the stored type converted on the way out
  double f = 0;
  d.get("bb", f);
  int64 j = 0;
  d.get("f", j);
  print("converted " + f + " " + j + "\n");
  // a number over an object releases the object
  d.set("obj", @Noisy("first"));
  d.set("obj", int64(7));
  d.get("obj", v);
  print("obj " + v + "\n");
  d.set("obj2", @Noisy("second"));
  d.set("obj2", 0.5);
  d.get("obj2", f);
  print("obj2 " + f + "\n");
  // an object asked for as a number
  d.set("s", "text");
  v = 99;
  print("string as int64 " + d.get("s", v) + " " + v + "\n");
  // counting in a loop
  for (int r = 0; r < 3; r++)
    for (uint i = 0; i < keys.length(); i++) {
      d.get(keys[i], v);
      d.set(keys[i], v + 1);
    }
  for (uint i = 0; i < keys.length(); i++) {
    d.get(keys[i], v);
    print(keys[i] + "=" + v + " ");
  }
  print("size " + d.getSize() + "\n");
  dictionary@ none;
  print("before null\n");
  none.get("a", v);
  print("not reached\n");
}

// expect: get true 20
// expect: missing false 20 exists false true
// expect: members 30 2.5
// expect: converted 10 2
// expect: released first
// expect: obj 7
// expect: released second
// expect: obj2 0.5
// expect: string as int64 false 0
// expect: a=3 bb=13 ccc=23 a longer key than sixteen bytes=33 size 8
// expect: before null
// expect-exception: Null pointer access
