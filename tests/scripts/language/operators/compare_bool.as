// == and != on bools; bools cannot be ordered.
void main() {
  bool a = true, b = false;
  print("" + (a == b) + " " + (a != b) + " " + (a == true) + " " + (b == false) + "\n");
  print("" + ((1 < 2) == (3 < 4)) + "\n");
}

// expect: false true true true
// expect: true
