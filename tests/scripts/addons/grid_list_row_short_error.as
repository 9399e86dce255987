// grid's pattern {repeat {repeat_same T}}: the first row fixes the length of the others; a
// shorter row is an error at that row.
void main() {
  grid<int> g = {{1, 2, 3},
                 {4, 5, 6},
                 {7, 8}};
}

// expect-error: 6 Not enough values to match pattern
