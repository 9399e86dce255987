// angelc-only: the reference add-on keeps sorting the buffer the callback freed and crashes
// A comparison callback that resizes or empties the array it is sorting: the sort stops, the
// array keeps what the script did, and the elements the callback still refers to stay valid.
array<int> g = {5, 3, 9, 1};
int calls = 0;
bool grow(const int &in a, const int &in b) { calls++; if (calls == 2) g.resize(100); return a < b; }
array<string> s = {"b", "a", "c"};
bool clear(const string &in a, const string &in b) { s.resize(0); return a < b; }
class E {
  string v;
  E() {}
  E(const string &in x) { v = x; }
  bool opEquals(const E &in o) const { h.resize(0); return v == o.v; }
}
array<E> h = {E("x"), E("y")};
void main() {
  g.sort(grow);
  print("" + g.length() + " " + calls + " " + g[0] + g[1] + g[2] + g[3] + "\n");
  s.sort(clear);
  print("" + s.length() + "\n");
  print("" + h.find(0, E("y")) + " " + h.length() + "\n");
}

// expect: 100 2 5391
// expect: 0
// expect: -1 0
