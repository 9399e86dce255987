// engine-property: DISALLOW_EMPTY_LIST_ELEMENTS=1
// With the property an empty element between commas is an error; a trailing comma only ends
// the list.
void main() {
  array<int> a = {1, 2,};
  print(a.length() + "\n");
  array<int> b = {1,, 3};
}
// expect-error: 7 Empty list element is not allowed
