// A5: a lambda without parameter types matching two overloads is ambiguous.
funcdef void CB(int);
funcdef void CBS(string);
void call(CB@ f) { f(1); }
void call(CBS@ f) { f("s"); }
void main() {
  call(function(a) { });
}
// expect-error: 7 Multiple matching signatures to
