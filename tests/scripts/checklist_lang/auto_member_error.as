// A2: `auto` is not allowed for class members.
class C {
  auto v = 1;
}
void main() {}
// expect-error: 3 Auto is not allowed here
