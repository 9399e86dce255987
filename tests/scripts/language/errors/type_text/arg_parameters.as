// Parameters: by reference (&in, &out, &inout) they are references; an object of a value type
// passed by value too (the callee gets a reference: `string&`); a primitive by value is plain;
// `this` is `C&`.
class C {
  void m(string s, int &in r, int v) { f(s, r, v, this); }
}
void f(int, int) {}
void main() {}
// expect-error: 5 No matching signatures to 'f(string&, int&, int, C&)'
