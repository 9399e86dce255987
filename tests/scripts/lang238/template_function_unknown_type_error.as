// A subtype that names no type is, as in the reference's parser, "not a data type" and then a
// missing '(' at the same place.
// reference: 2.38 (2.38 feature; 2.35.1 has no template functions)
void main() {
  int e = tmpl_identity<nosuch>(3);
}
// expect-error: 5 Identifier 'nosuch' is not a data type
