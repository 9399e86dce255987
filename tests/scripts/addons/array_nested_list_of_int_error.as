// array<array<int>> takes lists of lists: a plain int is not an array<int>.
void main() {
  array<array<int>> a = {{1, 2},
                         3};
}

// expect-error: 4 Can't implicitly convert from
