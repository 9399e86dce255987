// A1: the context-sensitive words `delete`, `this` (outside a class) and `if_handle_then_const`
// are plain identifiers (in 2.35.1 and 2.38). `foreach` and `using` are reserved since 2.38:
// tests/scripts/lang238/foreach_reserved_keyword_error.as, using_reserved_keyword_error.as.
void main() {
  int delete = 3, this = 4, if_handle_then_const = 5;
  print("" + (delete + this + if_handle_then_const) + "\n");
}
// expect: 12
