// An init list element of the wrong type.
void main() {
  array<int> a = {1, "two"};
}

// expect-error: 3 Can't implicitly convert from 'const string' to 'int&'.
