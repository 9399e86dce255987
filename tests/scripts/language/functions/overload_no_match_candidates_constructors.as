// A script class's constructors are listed as the factories that call them ('C@ C(int a)');
// an explicit C() with no default constructor is a call without a match, not "No default
// constructor".
class C {
  C(int a) {}
  C(float f, int b) {}
}
void main() {
  C@ c = C();
}
// expect-error: 9 No matching signatures to 'C()'
// expect-info: 9 Candidates are:
// expect-info: 9 C@ C(int a)
// expect-info: 9 C@ C(float f, int b)
