// `C c = "x"` of a class without a default constructor: the variable can't be made first, then
// the value does not convert.
class C { C(int a) {} }
void main() {
  C c = "x";
}
// expect-error: 5 No default constructor for object of type 'C'.
