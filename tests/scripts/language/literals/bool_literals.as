// true and false literals and their printing.
void main() {
  bool t = true;
  bool f = false;
  print("" + t + " " + f + "\n");
  print("" + (t == true) + " " + (f != false) + "\n");
  print("" + !t + "\n");
}

// expect: true false
// expect: true false
// expect: false
