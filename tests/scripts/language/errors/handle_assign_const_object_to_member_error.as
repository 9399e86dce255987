// `@h.m = obj` of a const object: shown as the const object ('const Dog@[]&').
class Animal {}
class Dog : Animal {}
class H { array<Animal@>@ m; }
void main() {
  const array<Dog@> d;
  H h;
  @h.m = d;
}
// expect-error: 8 Can't implicitly convert from 'const Dog@[]&' to 'Animal@[]@'.
