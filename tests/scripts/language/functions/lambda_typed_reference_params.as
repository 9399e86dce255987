// reference: 2.38 (2.35.1 does not parse a const reference lambda parameter)
// Lambda parameters with explicit types may be references (`const N::E &in b`), also between
// funcdef overloads.
namespace N { enum E { A, B } interface C {} class D : C {} }
funcdef void F(N::C@, const N::E &in);
void call(F@ f) { f(N::D(), N::B); }
void main() {
  call(function(N::C@ a, const N::E &in b) { print("b " + b + "\n"); });
}
// expect: b 1
