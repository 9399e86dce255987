// An object member converted to another type is a reference in the reference's message
// ('Dog&', as a local or global is).
class Dog {}
class Cat {}
class H { Dog md; }
void main() {
  H h;
  Cat@ c = h.md;
}
// expect-error: 8 Can't implicitly convert from 'Dog&' to 'Cat@&'.
