// A class and a namespace of the same name (test_namespace L385): a method of class A may not
// have the name of a function of namespace A; the method is reported (the property B beside it
// is not, as properties are checked only when nothing failed before).
class A { int B; void C() {} }
namespace A { int B; void C() {} }
// expect-error: 4 Name conflict. 'A::C' is a global function.
void main() {}
