// A class whose opAssign is deleted (2.38) cannot be assigned.
// angelc-only: 2.38 feature (checked against ashost-2.38)
class Bar {
  Bar &opAssign(const Bar &in) delete;
}
void main() {
  Bar a, b;
  a = b;
}
// expect-error: 8 No appropriate opAssign method found in 'Bar' for value assignment
