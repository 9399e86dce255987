// const parameters cannot be modified.
void f(const int x) {
  x = 5;
}
void main() {
  f(1);
}

// expect-error: 3 Expression is not an l-value
