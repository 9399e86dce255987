// Namespaces cannot be declared inside functions.
void main() {
  namespace inner { }
}

// expect-error: 3 Expected expression value
