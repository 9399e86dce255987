// The "Compiling ..." info line declares the function without its own namespace, its types with
// theirs.
namespace A { class T {} }
namespace N {
  A::T@ g(A::T@ a) {
    int x = "a";
    return null;
  }
}
void main() {}
// expect-error: 6 Can't implicitly convert from 'const string' to 'int'.
// expect-info: 5 Compiling A::T@ g(A::T@)
