// angelc wrong: accepts `ref r = a;` (a ref initialised from an object with `=`); the reference
// rejects it: "No appropriate opAssign method found in 'ref' for value assignment".
class A {}
void main() {
  A a;
  ref r = a;
}

// expect-error: 6 No appropriate opAssign method found in 'ref' for value assignment
