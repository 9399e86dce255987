// An interface cannot be instantiated.
interface I { void f(); }
void main() {
  I i;
}

// expect-error: 4 Interface 'I' cannot be instantiated
