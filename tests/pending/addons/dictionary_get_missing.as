// get on a missing key returns false and leaves the output variable unchanged.
void main() {
  dictionary d;
  int64 v = 7;
  bool ok = d.get("missing", v);
  print("" + ok + " " + v + "\n");
  string s = "keep";
  ok = d.get("missing", s);
  print("" + ok + " [" + s + "]\n");
}

// expect: false 7
// expect: false []
