// ref: a generic handle to any reference type; cast<T> recovers the type.
class Car {}
class Banana {}
string what(ref@ h) {
  Car@ c = cast<Car>(h);
  Banana@ b = cast<Banana>(h);
  if (c !is null) return "car";
  if (b !is null) return "banana";
  if (h !is null) return "other";
  return "null";
}
void main() {
  ref@ r = Car();
  print(what(r) + "\n");
  @r = Banana();
  print(what(r) + "\n");
  array<int> a;
  @r = a;
  print(what(r) + "\n");
  @r = null;
  print(what(r) + "\n");
}

// expect: car
// expect: banana
// expect: other
// expect: null
