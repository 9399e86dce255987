// 2.38's default copy of a derived class copies its base with the base's copy constructor, which
// must take a const object: `base(base@)` does not.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
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
