// Only the members the compiler would write can be declared `delete` (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class X {
  void f() delete;
}
void main() {}
// expect-error: 4 Cannot flag function that will not be auto generated as deleted
