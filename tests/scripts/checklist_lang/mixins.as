// A7: a mixin that lists an interface; its methods are compiled in the class (calls tag() of the
// class), override inherited base methods, lose to methods declared in the class; a mixin
// property is not added when the base class already has it.
interface I { string id(); }
class Base { int shared_prop = 1; string hello() { return "base hello"; } }
mixin class M : I {
  int shared_prop = 50;
  int mv = 7;
  string id() { return "M" + mv + " " + tag(); }
  string hello() { return "mixin hello"; }
  string over() { return "mixin over"; }
}
class C : Base, M {
  string tag() { return "C"; }
  string over() { return "class over"; }
}
void main() {
  C c;
  I@ i = c;
  print(i.id() + "\n");
  print(c.hello() + "\n");
  print(c.over() + "\n");
  print("" + c.shared_prop + "\n");
}
// expect: M7 C
// expect: mixin hello
// expect: class over
// expect: 1
