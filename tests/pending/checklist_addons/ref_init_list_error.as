// angelc wrong: accepts ref values in an init list of array<ref>; the reference compiles each
// element as a value assignment to a ref and rejects it: "No appropriate opAssign method found in
// 'ref' for value assignment" (same root cause as ref_init_with_handle_error.as).
class A {}
void main() {
  A a;
  array<ref> rl = {ref(@a)};
}

// expect-error: 7 No appropriate opAssign method found in 'ref' for value assignment
