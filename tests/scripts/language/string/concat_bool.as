// Booleans concatenate as true/false.
void main() {
  bool t = true;
  print("" + t + " " + false + "\n");
  print(t + "\n");
  string s = "b=";
  s += (1 > 2);
  print(s + "\n");
}

// expect: true false
// expect: true
// expect: b=false
