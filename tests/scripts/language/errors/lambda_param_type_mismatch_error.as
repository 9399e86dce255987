// A lambda's explicit parameter type must be the funcdef's (here the funcdef's is const):
// "Can't implicitly convert from '$func@const' to 'F@&'."
namespace N { enum E { A } interface C {} }
funcdef void F(N::C@, const N::E &in);
void main() {
  F@ f = function(N::C@ a, N::E &in b) {};
}
// expect-error: 6 Can't implicitly convert from '$func@const' to 'F@&'.
