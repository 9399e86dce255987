// && || ^^ and the word forms and, or, xor truth tables.
void main() {
  bool t = true, f = false;
  print("" + (t && t) + (t && f) + (f && t) + (f && f) + "\n");
  print("" + (t || t) + (t || f) + (f || t) + (f || f) + "\n");
  print("" + (t ^^ t) + (t ^^ f) + (f ^^ t) + (f ^^ f) + "\n");
  print("" + (t and f) + (t or f) + (t xor f) + (t xor t) + "\n");
  print("" + (not f and t) + "\n");
}

// expect: truefalsefalsefalse
// expect: truetruetruefalse
// expect: falsetruetruefalse
// expect: falsetruetruefalse
// expect: true
