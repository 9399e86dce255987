// get_/set_ accessors marked with 'property' are used like a member variable.
class Temp {
  private double c = 0;
  double get_fahrenheit() const property { return c * 9 / 5 + 32; }
  void set_fahrenheit(double f) property { print("set "); c = (f - 32) * 5 / 9; }
  double get_celsius() const property { return c; }
}
void main() {
  Temp t;
  t.fahrenheit = 212;
  print("" + t.celsius + " " + t.fahrenheit + "\n");
}

// expect: set 100 212
