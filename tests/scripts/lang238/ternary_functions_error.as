// ?: of two functions with different signatures (2.38: functions may be branches).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
int g(int) { return 0; }
void f() {
  true ? f : g;
}
void main() {}
// expect-error: 5 Can't find unambiguous implicit conversion to make both expressions have the same type
