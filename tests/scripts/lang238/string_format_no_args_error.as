// A variadic parameter takes at least one argument: format() with only the format string.
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  string s = format("no args");
}
// expect-error: 4 No matching signatures to 'format(const string)'
