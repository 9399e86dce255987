// A variadic parameter takes at least one argument: format() with only the format string.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  string s = format("no args");
}
// expect-error: 4 No matching signatures to 'format(const string)'
