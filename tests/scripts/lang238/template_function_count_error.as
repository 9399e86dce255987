// A registered template function (2.38) called with the wrong number of subtypes; the method
// `string::tmpl_with<T>` likewise.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
void main() {
  string s = "x";
  s.tmpl_with<int, int>(1);
}
// expect-error: 6 Template 'tmpl_with' expects 1 sub type(s)
