// `@h = obj` with an object of another type: the reference converts the object itself, shown
// as a reference ('Dog@[]&'), not the handle taken of it ('Dog@[]@&').
class Animal {}
class Dog : Animal {}
void main() {
  array<Dog@> d;
  array<Animal@>@ a;
  @a = d;
}
// expect-error: 8 Can't implicitly convert from 'Dog@[]&' to 'Animal@[]@'.
