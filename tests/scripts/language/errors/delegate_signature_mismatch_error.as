// A delegate of a method whose signature is not the funcdef's: "Can't create delegate", then
// the funcdef's signature in an info line.
class Test { void Less(int) {} }
funcdef bool F(const Test@, const Test@);
void main() {
  Test t;
  F@ f = F(t.Less);
}
// expect-error: 7 Can't create delegate
// expect-info: 7 No matching signatures to 'bool F(const Test@, const Test@)'
