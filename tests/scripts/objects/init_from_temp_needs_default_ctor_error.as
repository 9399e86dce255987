// "T x = T(args);" for a script class default-constructs x and then assigns: without a default
// constructor it is an error (also passing by value needs one for the temporary copy).
class Meters {
  double v;
  Meters(double x) { v = x; }
}
void show(Meters m) { print("" + m.v + "\n"); }
void main() {
  Meters m = Meters(2.5);
  show(m);
  show(Meters(4));
}

// expect-error: 9 No default constructor for object of type 'Meters'.
