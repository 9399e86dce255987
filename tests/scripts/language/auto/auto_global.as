// auto for a global variable.
auto g = 40 + 2;
auto s = "glob";
void main() {
  print("" + g + " " + s + "\n");
}

// expect: 42 glob
