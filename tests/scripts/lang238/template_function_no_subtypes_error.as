// A registered template function (2.38; the hosts register `T tmpl_identity<T>(const T &in)`)
// is only called naming its subtypes: without them, the error points at the argument list.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
void main() {
  int a = tmpl_identity(3);
}
// expect-error: 5 Template 'tmpl_identity' expects 1 sub type(s)
