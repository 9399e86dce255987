// split of an empty string gives one empty element.
// (Splitting with an empty delimiter never terminates on the reference, so it is not tested.)
void main() {
  array<string>@ a = "".split(",");
  print("" + a.length() + " [" + a[0] + "]\n");
}

// expect: 1 []
