// In a const array of handles the handles are read-only, the objects they point to are not:
// `const T &opIndex(uint) const` with T = Bar@ is `Bar@ const &`.
class Bar { int n = 0; void bump() { n++; } }
void main() {
  const array<Bar@> ca = { Bar() };
  ca[0].bump();
  ca[0].n += 2;
  print("" + ca[0].n + "\n");
}
// expect: 3
