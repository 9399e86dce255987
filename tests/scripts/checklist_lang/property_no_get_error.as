// A6.2: reading a set-only property is an error.
class C { int w { set { } } }
void main() {
  C c;
  int a = c.w;
}
// expect-error: 5 The property has no get accessor
