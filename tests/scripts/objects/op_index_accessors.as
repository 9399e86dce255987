// get_opIndex / set_opIndex property accessors for indexing.
class Map {
  array<string> keys;
  array<int> vals;
  int get_opIndex(const string &in k) const property {
    int i = keys.find(k);
    return i < 0 ? -1 : vals[i];
  }
  void set_opIndex(const string &in k, int v) property {
    int i = keys.find(k);
    if (i < 0) { keys.insertLast(k); vals.insertLast(v); } else vals[i] = v;
  }
}
void main() {
  Map m;
  m["a"] = 1;
  m["b"] = 2;
  m["a"] = 3;
  print("" + m["a"] + " " + m["b"] + " " + m["c"] + "\n");
}

// expect: 3 2 -1
