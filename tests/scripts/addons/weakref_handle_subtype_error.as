// The subtype of a weak reference is the object type, not a handle.
class C {}
void main() {
  weakref<C@> w;
}

// expect-error: 4 Attempting to instantiate invalid template type 'weakref<C@>'
