// A property of class A may not have the name of a global of namespace A, declared before or
// after the class.
namespace A { void B() {} }
class A { int x; int B; }
// expect-error: 4 Name conflict. 'A::B' is a global function.
void main() {}
