// A registered template function's name followed by '<' always opens its subtypes, as in the
// reference's parser, even where a variable has that name.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
void main() {
  int tmpl_identity = 1;
  bool r = tmpl_identity < 2;
}
// expect-error: 6 Expected data type
