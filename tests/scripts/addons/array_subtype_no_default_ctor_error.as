// array<T> of a script class without a default constructor cannot be instantiated (classes
// declared later are checked once they are complete).
class Bar { array<Foo> list; }
class Foo { Foo() {} Foo(int a) {} }
class CTest {
  CTest(int v) {}
}
array<CTest> arr;
void main() {}
// expect-error: 0 The subtype 'CTest' has no default factory
