// `@x` of an object variable is its handle, not a handle variable the callee could write.
void main() {
  dictionary d = { {'arr', array<string>(1, 'something')} };
  array<string> arr4;
  bool found4 = d.get('arr', @arr4);
}
// expect-error: 5 Output argument expression is not assignable
