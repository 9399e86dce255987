// auto requires an initialiser.
void main() {
  auto x;
  x = 1;
}

// expect-error: 3 Unable to resolve auto type
