// grid's pattern {repeat {repeat_same T}}: a row longer than the first is an error at that row.
void main() {
  grid<double> g = {{1.5, 2.5},
                    {3.5, 4.5, 5.5}};
}

// expect-error: 4 Too many values to match pattern
