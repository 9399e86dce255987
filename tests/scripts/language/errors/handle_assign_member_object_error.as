// `@h = x.member` with an object member: shown as the member object ('Dog&').
class Dog {}
class Cat {}
class H { Dog md; }
void main() {
  H h;
  Cat@ c;
  @c = h.md;
}
// expect-error: 8 Can't implicitly convert from 'Dog&' to 'Cat@'.
