// A `?&out` argument of object type: the reference passes a default-constructed temporary and
// assigns it back after the call, so a registered function that does not write it (here
// dictionary.get on a missing key) leaves "" in the variable: "[]". angelc keeps "keep".
void main() {
  dictionary d;
  string s = "keep";
  d.get("missing", s);
  print("[" + s + "]\n");
}

// expect: []
