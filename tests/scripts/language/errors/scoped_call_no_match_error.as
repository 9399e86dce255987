// A call through a namespace that matches no overload names the function as written, with its
// scope.
namespace N { void f(int) {} }
void main() {
  N::f("x");
}
// expect-error: 5 No matching signatures to 'N::f(const string)'
