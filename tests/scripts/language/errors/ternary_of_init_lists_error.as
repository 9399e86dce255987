// Neither branch of a condition says what its initialisation list makes, even where the
// function's return type would.
array<int> pick(bool flag) {
  return flag ? {5} : {0};
}
void main() {}
// expect-error: 4 Unable to resolve auto type
