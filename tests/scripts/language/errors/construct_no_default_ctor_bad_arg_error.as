// `C c = C(bad)` of a class without a default constructor: only the call's error (the reference
// reports the missing default constructor only once the value compiles).
class C { C(int a) {} }
void main() {
  C c = C("x");
}
// expect-error: 5 No matching signatures to 'C(const string)'
