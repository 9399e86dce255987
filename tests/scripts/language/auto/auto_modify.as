// A non-const auto variable can be reassigned with values of its type.
void main() {
  auto i = 1;
  i += 5;
  i = i * 2;
  print("" + i + "\n");
  auto d = 1.0;
  d /= 4;
  print("" + d + "\n");
  string init = "a";
  auto s = init;
  s += "b";
  print(s + " " + init + "\n");
}

// expect: 12
// expect: 0.25
// expect: ab a
