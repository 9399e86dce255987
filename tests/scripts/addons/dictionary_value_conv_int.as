// int(v) converts through `int64 opConv()` (then int64 to int), double(v) through `double opConv()`.
void main() {
  dictionary d;
  d["a"] = 41;
  d["c"] = 3.5;
  int a = int(d["a"]) + 1;
  double c = double(d["c"]);
  print("" + a + " " + c + "\n");
}

// expect: 42 3.5
