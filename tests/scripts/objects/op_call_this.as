// `this(args)` inside a class calls its own opCall; a member or a property holding an object
// with opCall is called like a function (also `obj.Prop(args)` for a property).
int count = 0;
class C {
  int opCall(int a, int b) { return a + b; }
  int test() { return this(2, 3); }
}
class Functor {
  void opCall() { count++; }
  void callThis() { this(); }
}
class F {
  C c;
  Functor fn;
  int func() { return c(2, 3); }
  C @get_Functor() property { return c; }
  Functor g { get const { return fn; } }
  void callMemberProp() { g(); }
}
void main() {
  C c;
  print(c.test() + " " + c(1, 1) + "\n");
  F f;
  print(f.func() + " " + f.Functor(2, 3) + " " + f.get_Functor()(4, 5) + "\n");
  f.fn.callThis();
  f.callMemberProp();
  f.g();
  print(count + "\n");
}
// expect: 5 2
// expect: 5 5 9
// expect: 3
