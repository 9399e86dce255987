// An unknown type in a declaration inside a namespace: 'in namespace 'B' or parent'.
namespace A { class C {} }
namespace B { void func(C@ c) {} }
void main() {}
// expect-error: 3 Identifier 'C' is not a data type in namespace 'B' or parent
