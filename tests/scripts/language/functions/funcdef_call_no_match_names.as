// A function handle called with the wrong arguments is named as the call is written: the
// variable ('f', 'N::g'), the member with its class ('C::cb'); its funcdef is the candidate.
funcdef void F(int a);
namespace N { F@ g; }
class C { F@ cb; }
void main() {
  F@ f;
  f("x");
  N::g("x");
  C c;
  c.cb("x");
}
// expect-error: 8 No matching signatures to 'f(const string)'
// expect-info: 8 void F(int a)
// expect-info: 9 Candidates are:
// expect-info: 11 Candidates are:
