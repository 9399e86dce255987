// A template's child funcdef is named on its instance ('Test@[]::less'); its parameters as the
// instance declares them.
class Test {
  bool Less(const Test @ a, const Test @ b) { return a is b; }
}
void main() {
  array<Test@> arr;
  Test t;
  arr.sort(array<Test@>::less(t.Less));
}
// expect-error: 9 Can't create delegate
// expect-info: 9 No matching signatures to 'bool Test@[]::less(const Test@const&in, const Test@const&in)'
