// get on a missing key returns false. A primitive output is not written (the reference then
// copies back its uninitialised temporary, so its value is not checked); an object output gets
// the default-constructed temporary: an empty string.
void main() {
  dictionary d;
  int64 v = 7;
  bool ok = d.get("missing", v);
  print("" + ok + "\n");
  string s = "keep";
  ok = d.get("missing", s);
  print("" + ok + " [" + s + "]\n");
}

// expect: false
// expect: false []
