// `@v` of a value type that acts as a handle (dictionaryValue) is the value itself; comparing
// its identity needs an opEquals the type does not have.
void main() {
  dictionary d;
  auto v = d['name'];
  if (@v !is null) {}
}
// expect-error: 6 No appropriate opEquals method found
