// bool values, comparison and logical operators.
void main() {
  bool a = true, b = false;
  print("" + (a == b) + " " + (a != b) + "\n");
  print("" + (a && b) + " " + (a || b) + " " + (a ^^ b) + "\n");
  bool c;
  c = !a;
  print("" + c + "\n");
  bool d = 3 > 2;
  print("" + d + "\n");
  bool e = a == true;
  print("" + e + "\n");
}

// expect: false true
// expect: false true true
// expect: false
// expect: true
// expect: true
