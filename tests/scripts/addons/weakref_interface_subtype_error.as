// Interfaces have no weak reference flag of their own: weakref<I> is refused (the template
// callback reports it first, with no script position).
interface I {}
class C : I {}
void main() {
  weakref<I> w;
}

// expect-error: 0 The subtype doesn't support weak references
