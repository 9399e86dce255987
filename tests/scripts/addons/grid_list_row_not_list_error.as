// Every row of a grid initialisation list is itself a list.
void main() {
  grid<int> g = {{1, 2},
                 3};
}

// expect-error: 4 Expected a list enclosed by { } to match pattern
