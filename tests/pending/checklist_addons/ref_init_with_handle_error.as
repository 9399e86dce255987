// angelc wrong: accepts `ref r = @a;`; the reference rejects initialising a ref with `=` (it is
// compiled as a value assignment): "No appropriate opAssign method found in 'ref' for value
// assignment". `ref@ r = @a;`, `ref r(@a);` and `@r = @a;` are the accepted forms.
class A {}
void main() {
  A a;
  ref r = @a;
}

// expect-error: 7 No appropriate opAssign method found in 'ref' for value assignment
