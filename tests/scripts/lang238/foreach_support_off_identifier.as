// engine-property: FOREACH_SUPPORT=0
// reference: 2.38 (asEP_FOREACH_SUPPORT is 2.38's)
// With FOREACH_SUPPORT=0 `foreach` is no keyword, as before 2.38: it names a global variable, a
// parameter, a member, a namespace or a class (foreach_reserved_keyword_error.as: 1, the default).
int foreach = 3;
void show(int foreach) { print("parameter " + foreach + "\n"); }
class C { int foreach; }
namespace foreach { int x = 5; }
void main() {
  print("global " + foreach + "\n");
  show(7);
  C c;
  c.foreach = 9;
  print("member " + c.foreach + "\n");
  print("namespace " + foreach::x + "\n");
}
// expect: global 3
// expect: parameter 7
// expect: member 9
// expect: namespace 5
