// The instance a call makes takes its subtype: `tmpl_identity<int>` is
// "int tmpl_identity(const int&in)", which a string doesn't match.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
void main() {
  int c = tmpl_identity<int>("x");
}
// expect-error: 5 No matching signatures to 'tmpl_identity(const string)'
