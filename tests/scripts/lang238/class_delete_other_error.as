// Only the members the compiler would write can be declared `delete` (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
class X {
  void f() delete;
}
void main() {}
// expect-error: 4 Cannot flag function that will not be auto generated as deleted
