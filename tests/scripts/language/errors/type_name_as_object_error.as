// A type name before '.' is not an object, even where a variable of the same name exists in
// another scope: the reference names the expression as written.
namespace X {
  class A { void test() {} }
}
X::A A;
namespace X {
  void f() {
    A.test();
  }
}
void main() {}
// expect-error: 9 Expression 'A' is a data type
