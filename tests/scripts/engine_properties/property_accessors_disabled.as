// engine-property: PROPERTY_ACCESSOR_MODE=1
// In accessor modes 0 and 1 a script may not declare virtual properties.
class A {
  int v = 1;
  int p { get { return v; } }
}
void main() {
  A a;
  print(a.v + "\n");
}
// expect-error: 5 Property accessors have been disabled by the application
