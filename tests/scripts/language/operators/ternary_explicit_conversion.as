// Mixed-type branches of ?: work when one side is converted explicitly.
void main() {
  bool t = true;
  int i = 3;
  double d = 2.5;
  double x = t ? double(i) : d;
  print("" + x + "\n");
  int y = !t ? i : int(d);
  print("" + y + "\n");
}

// expect: 3
// expect: 2
