// A nested list where array<int>'s pattern {repeat T} wants an int: ints take no lists.
void main() {
  array<int> a = {1,
                  {2}, 3};
}

// expect-error: 4 Initialization lists cannot be used with 'int'
