// Funcdef handles: cast<FD>() of a function, of another funcdef's handle with the
// same signature (also implicit), and of a dictionaryValue; `is` with a function name; a
// function passed as `?` (dictionary, any) is a handle of the funcdef of its signature.
funcdef void F1();
funcdef void F2();
funcdef bool Pred(int);
void func() { print("func\n"); }
bool gt(int a) { return a > 2; }
void main() {
  F1@ a = func;
  F2@ b = cast<F2>(a);
  F2@ c = a;
  print((a is b) + " " + (c is func) + " " + (func is c) + "\n");
  b();
  Pred@ p = cast<Pred>(gt);
  print(p(3) + "\n");
  dictionary d = { {"gt", cast<Pred>(gt)} };
  @d["f"] = @func;
  F1@ f = cast<F1>(d["f"]);
  f();
  print((cast<Pred>(d["gt"]) is gt) + "\n");
  any y;
  y.store(@func);
  F2@ r;
  y.retrieve(@r);
  r();
}
// expect: true true true
// expect: func
// expect: true
// expect: func
// expect: true
// expect: func
