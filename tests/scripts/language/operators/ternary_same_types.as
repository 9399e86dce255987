// ?: with branches of the same type (variables and literals) for several types.
void main() {
  bool t = true, f = false;
  int i = 1;
  print("" + (t ? i : 2) + " " + (f ? i : -1) + "\n");
  double d = 2.5;
  print("" + (t ? d : 1.0) + " " + (f ? d : 0.5) + "\n");
  float fl = 1.5f;
  print("" + (f ? fl : 0.25f) + "\n");
  string s = f ? "a" : 'b';
  print(s + "\n");
  bool b = t ? f : t;
  print("" + b + "\n");
  int64 l = 5;
  int64 r = t ? l : l * 2;
  print("" + r + "\n");
}

// expect: 1 -1
// expect: 2.5 0.5
// expect: 0.25
// expect: b
// expect: false
// expect: 5
