// ! and not on bool.
void main() {
  bool t = true;
  print("" + !t + " " + !!t + " " + (not t) + " " + (not not t) + "\n");
  print("" + !(1 > 2) + "\n");
}

// expect: false true false true
// expect: true
