// The length factory of array<T> is `explicit`: an int does not convert to an array implicitly.
void main() {
  array<int> a = 3;
}

// expect-error: 3 Can't implicitly convert from 'const int' to 'int[]&'.
