// A class whose opAssign is deleted (2.38) cannot be assigned.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar {
  Bar &opAssign(const Bar &in) delete;
}
void main() {
  Bar a, b;
  a = b;
}
// expect-error: 8 No appropriate opAssign method found in 'Bar' for value assignment
