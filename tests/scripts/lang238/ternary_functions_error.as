// ?: of two functions with different signatures (2.38: functions may be branches).
// angelc-only: 2.38 feature (checked against ashost-2.38)
int g(int) { return 0; }
void f() {
  true ? f : g;
}
void main() {}
// expect-error: 5 Can't find unambiguous implicit conversion to make both expressions have the same type
