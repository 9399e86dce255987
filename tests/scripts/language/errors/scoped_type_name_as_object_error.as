// A scoped type name used as an object is shown with its scope, as written.
namespace N {
  class A { int v; }
}
void main() {
  int x = ::N::A.v;
}
// expect-error: 6 Expression '::N::A' is a data type
