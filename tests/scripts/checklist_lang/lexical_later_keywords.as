// A1: in 2.35.1 `foreach` and `using` are not reserved yet, and the context-sensitive words
// `delete`, `this` (outside a class) and `if_handle_then_const` are plain identifiers.
void main() {
  int foreach = 1, using = 2, delete = 3, this = 4, if_handle_then_const = 5;
  print("" + (foreach + using + delete + this + if_handle_then_const) + "\n");
}
// expect: 15
