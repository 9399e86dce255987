// A get_ method without the 'property' keyword is a normal method in 2.35.1 (mode 3 requires the keyword).
class C {
  int get_x() const { return 7; }
}
void main() {
  C c;
  print("" + c.get_x() + "\n");
  print("" + c.x + "\n");
}

// expect-error: 8 'x' is not a member of 'C'
