// 2.38's default copy of a derived class copies its base with the base's copy constructor, which
// must take a const object: `base(base@)` does not.
// angelc-only: 2.38 feature (checked against ashost-2.38)
class base {
  base(int id) {}
  base(base@ b) {}
}
class derived : base {
  derived() { super(1); }
  base@ instance() { return derived(this); }
}
void main() {}
// expect-error: 10 No matching signatures to 'derived(derived
